-- Nothing stored names this service's host or port (http/service-url.ts): a URL on the service is
-- stored with the placeholder origin http://{service}, which answers replace with the service's URL
-- for the request (or PUBLIC_URL). Before, the demo wrote the first start's address,
-- http://localhost:<PORT> (or a loopback address), into its channels, xflows, compose playlists and
-- the archiver's captures and segments; a restart on another port left every player waiting.
-- Only URLs on a loopback host that name the service's own routes are rewritten.
CREATE FUNCTION pg_temp.service_urls(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(
    value,
    'https?://(localhost|127\.[0-9]+\.[0-9]+\.[0-9]+|\[::1\]|0\.0\.0\.0)(:[0-9]+)?(?=/(api/(stream|storage|sim)/|player/))',
    'http://{service}',
    'gi'
  )
$$;--> statement-breakpoint
UPDATE "channels" SET "configuration_json" = pg_temp.service_urls("configuration_json") WHERE "configuration_json" <> pg_temp.service_urls("configuration_json");--> statement-breakpoint
UPDATE "xflows" SET "configuration_json" = pg_temp.service_urls("configuration_json") WHERE "configuration_json" <> pg_temp.service_urls("configuration_json");--> statement-breakpoint
UPDATE "compose_items" SET "value" = pg_temp.service_urls("value") WHERE "type" = 1 AND "value" <> pg_temp.service_urls("value");--> statement-breakpoint
UPDATE "archiver_captures" SET "publishing_points" = pg_temp.service_urls("publishing_points"::text)::jsonb WHERE "publishing_points"::text <> pg_temp.service_urls("publishing_points"::text);--> statement-breakpoint
UPDATE "archiver_segments" SET "source" = pg_temp.service_urls("source"::text)::jsonb WHERE "source"::text <> pg_temp.service_urls("source"::text);
