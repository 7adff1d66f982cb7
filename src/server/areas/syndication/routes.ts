/** Media syndication: destinations, destination properties, live and VOD publications, the publication monitor; direct destinations and direct VOD publications. */
import type { Implementation } from '../../http/implement.ts';
import { destinationRoutes } from './destination-routes.ts';
import { directRoutes } from './direct-routes.ts';
import { publicationRoutes } from './publication-routes.ts';

export const syndicationRoutes: Implementation[] = [...destinationRoutes, ...publicationRoutes, ...directRoutes];
