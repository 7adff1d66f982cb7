/** Media syndication: destinations, destination properties, live and VOD publications, the publication monitor. */
import type { Implementation } from '../../http/implement.ts';
import { destinationRoutes } from './destination-routes.ts';
import { publicationRoutes } from './publication-routes.ts';

export const syndicationRoutes: Implementation[] = [...destinationRoutes, ...publicationRoutes];
