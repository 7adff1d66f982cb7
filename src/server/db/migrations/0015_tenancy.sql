ALTER TABLE "vod_download_files" DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
DROP TABLE "vod_download_files" CASCADE;
--> statement-breakpoint
ALTER TABLE "custom_properties" DROP CONSTRAINT "custom_properties_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "event_categories" DROP CONSTRAINT "event_categories_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "event_categories" DROP CONSTRAINT "event_categories_category_id_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "event_tags" DROP CONSTRAINT "event_tags_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "event_tags" DROP CONSTRAINT "event_tags_tag_id_tags_id_fk";
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_channel_id_channels_id_fk";
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_xflow_id_xflows_id_fk";
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_remixflow_id_xflows_id_fk";
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_infrastructure_profile_id_infrastructure_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_event_type_id_event_types_id_fk";
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_room_id_rooms_id_fk";
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_custom_property_configuration_id_property_configurations_id_fk";
--> statement-breakpoint
ALTER TABLE "channel_profile_audio_inputs" DROP CONSTRAINT "channel_profile_audio_inputs_profile_id_channel_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "channel_profiles" DROP CONSTRAINT "channel_profiles_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "chapter_point_custom_properties" DROP CONSTRAINT "chapter_point_custom_properties_chapter_point_id_chapter_points_id_fk";
--> statement-breakpoint
ALTER TABLE "chapter_points" DROP CONSTRAINT "chapter_points_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "chapter_points" DROP CONSTRAINT "chapter_points_parent_id_chapter_points_id_fk";
--> statement-breakpoint
ALTER TABLE "live_operations" DROP CONSTRAINT "live_operations_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk";
--> statement-breakpoint
ALTER TABLE "webhooks" DROP CONSTRAINT "webhooks_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "compose_items" DROP CONSTRAINT "compose_items_playlist_id_compose_playlists_id_fk";
--> statement-breakpoint
ALTER TABLE "compose_markers" DROP CONSTRAINT "compose_markers_item_id_compose_items_id_fk";
--> statement-breakpoint
ALTER TABLE "compose_playlists" DROP CONSTRAINT "compose_playlists_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "compose_renditions" DROP CONSTRAINT "compose_renditions_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "assets" DROP CONSTRAINT "assets_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "publication_callbacks" DROP CONSTRAINT "publication_callbacks_publication_id_publications_id_fk";
--> statement-breakpoint
ALTER TABLE "publication_history" DROP CONSTRAINT "publication_history_publication_id_publications_id_fk";
--> statement-breakpoint
ALTER TABLE "publications" DROP CONSTRAINT "publications_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "publications" DROP CONSTRAINT "publications_destination_id_syndication_destinations_id_fk";
--> statement-breakpoint
ALTER TABLE "syndication_destination_properties" DROP CONSTRAINT "syndication_destination_properties_destination_id_syndication_destinations_id_fk";
--> statement-breakpoint
ALTER TABLE "target_items" DROP CONSTRAINT "target_items_destination_id_syndication_destinations_id_fk";
--> statement-breakpoint
ALTER TABLE "vod_downloads" ADD COLUMN "file_key" text;
--> statement-breakpoint
-- Tenancy by construction (docs/README.md "Tenancy"): the (client_id, id) keys first, then every
-- reference between client-owned rows becomes (client_id, x_id) -> parent(client_id, id).
-- A lookup of another client that an event names (never written by the service, but possible
-- under the old single-column keys) is cleared, as deleting the lookup would have done.
-- ON DELETE SET NULL (<column>): deleting a lookup clears the reference, never client_id.
UPDATE "events" SET "channel_id" = NULL WHERE "channel_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "channels" p WHERE p."id" = "events"."channel_id" AND p."client_id" = "events"."client_id");
--> statement-breakpoint
UPDATE "events" SET "xflow_id" = NULL WHERE "xflow_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "xflows" p WHERE p."id" = "events"."xflow_id" AND p."client_id" = "events"."client_id");
--> statement-breakpoint
UPDATE "events" SET "remixflow_id" = NULL WHERE "remixflow_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "xflows" p WHERE p."id" = "events"."remixflow_id" AND p."client_id" = "events"."client_id");
--> statement-breakpoint
UPDATE "events" SET "infrastructure_profile_id" = NULL WHERE "infrastructure_profile_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "infrastructure_profiles" p WHERE p."id" = "events"."infrastructure_profile_id" AND p."client_id" = "events"."client_id");
--> statement-breakpoint
UPDATE "events" SET "event_type_id" = NULL WHERE "event_type_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "event_types" p WHERE p."id" = "events"."event_type_id" AND p."client_id" = "events"."client_id");
--> statement-breakpoint
UPDATE "events" SET "room_id" = NULL WHERE "room_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "rooms" p WHERE p."id" = "events"."room_id" AND p."client_id" = "events"."client_id");
--> statement-breakpoint
UPDATE "events" SET "custom_property_configuration_id" = NULL WHERE "custom_property_configuration_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "property_configurations" p WHERE p."id" = "events"."custom_property_configuration_id" AND p."client_id" = "events"."client_id");
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "infrastructure_profiles" ADD CONSTRAINT "infrastructure_profiles_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "property_configurations" ADD CONSTRAINT "property_configurations_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "xflows" ADD CONSTRAINT "xflows_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "custom_properties" ADD CONSTRAINT "custom_properties_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "channel_profile_audio_inputs" ADD CONSTRAINT "channel_profile_audio_inputs_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "channel_profiles" ADD CONSTRAINT "channel_profiles_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "chapter_point_custom_properties" ADD CONSTRAINT "chapter_point_custom_properties_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "chapter_points" ADD CONSTRAINT "chapter_points_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "compose_items" ADD CONSTRAINT "compose_items_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "compose_markers" ADD CONSTRAINT "compose_markers_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "compose_playlists" ADD CONSTRAINT "compose_playlists_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "vod_downloads" ADD CONSTRAINT "vod_downloads_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "archiver_segments" ADD CONSTRAINT "archiver_segments_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "archiver_streams" ADD CONSTRAINT "archiver_streams_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "archiverflows" ADD CONSTRAINT "archiverflows_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "publication_callbacks" ADD CONSTRAINT "publication_callbacks_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "syndication_destination_properties" ADD CONSTRAINT "syndication_destination_properties_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "syndication_destinations" ADD CONSTRAINT "syndication_destinations_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "target_items" ADD CONSTRAINT "target_items_client_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "custom_properties" ADD CONSTRAINT "custom_properties_event_fk" FOREIGN KEY ("client_id","event_id") REFERENCES "public"."events"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_categories" ADD CONSTRAINT "event_categories_event_fk" FOREIGN KEY ("client_id","event_id") REFERENCES "public"."events"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_categories" ADD CONSTRAINT "event_categories_category_fk" FOREIGN KEY ("client_id","category_id") REFERENCES "public"."categories"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_tags" ADD CONSTRAINT "event_tags_event_fk" FOREIGN KEY ("client_id","event_id") REFERENCES "public"."events"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_tags" ADD CONSTRAINT "event_tags_tag_fk" FOREIGN KEY ("client_id","tag_id") REFERENCES "public"."tags"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_channel_fk" FOREIGN KEY ("client_id","channel_id") REFERENCES "public"."channels"("client_id","id") ON DELETE SET NULL ("channel_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_xflow_fk" FOREIGN KEY ("client_id","xflow_id") REFERENCES "public"."xflows"("client_id","id") ON DELETE SET NULL ("xflow_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_remixflow_fk" FOREIGN KEY ("client_id","remixflow_id") REFERENCES "public"."xflows"("client_id","id") ON DELETE SET NULL ("remixflow_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_infrastructure_profile_fk" FOREIGN KEY ("client_id","infrastructure_profile_id") REFERENCES "public"."infrastructure_profiles"("client_id","id") ON DELETE SET NULL ("infrastructure_profile_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_event_type_fk" FOREIGN KEY ("client_id","event_type_id") REFERENCES "public"."event_types"("client_id","id") ON DELETE SET NULL ("event_type_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_room_fk" FOREIGN KEY ("client_id","room_id") REFERENCES "public"."rooms"("client_id","id") ON DELETE SET NULL ("room_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_property_configuration_fk" FOREIGN KEY ("client_id","custom_property_configuration_id") REFERENCES "public"."property_configurations"("client_id","id") ON DELETE SET NULL ("custom_property_configuration_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "channel_profile_audio_inputs" ADD CONSTRAINT "channel_profile_audio_inputs_profile_fk" FOREIGN KEY ("client_id","profile_id") REFERENCES "public"."channel_profiles"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "channel_profiles" ADD CONSTRAINT "channel_profiles_event_fk" FOREIGN KEY ("client_id","event_id") REFERENCES "public"."events"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chapter_point_custom_properties" ADD CONSTRAINT "chapter_point_custom_properties_point_fk" FOREIGN KEY ("client_id","chapter_point_id") REFERENCES "public"."chapter_points"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chapter_points" ADD CONSTRAINT "chapter_points_event_fk" FOREIGN KEY ("client_id","event_id") REFERENCES "public"."events"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chapter_points" ADD CONSTRAINT "chapter_points_parent_fk" FOREIGN KEY ("client_id","parent_id") REFERENCES "public"."chapter_points"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "live_operations" ADD CONSTRAINT "live_operations_event_fk" FOREIGN KEY ("client_id","event_id") REFERENCES "public"."events"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_fk" FOREIGN KEY ("client_id","delivery_id") REFERENCES "public"."webhook_deliveries"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_fk" FOREIGN KEY ("client_id","webhook_id") REFERENCES "public"."webhooks"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_event_fk" FOREIGN KEY ("client_id","event_id") REFERENCES "public"."events"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "compose_items" ADD CONSTRAINT "compose_items_playlist_fk" FOREIGN KEY ("client_id","playlist_id") REFERENCES "public"."compose_playlists"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "compose_markers" ADD CONSTRAINT "compose_markers_item_fk" FOREIGN KEY ("client_id","item_id") REFERENCES "public"."compose_items"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "compose_playlists" ADD CONSTRAINT "compose_playlists_event_fk" FOREIGN KEY ("client_id","event_id") REFERENCES "public"."events"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "compose_renditions" ADD CONSTRAINT "compose_renditions_event_fk" FOREIGN KEY ("client_id","event_id") REFERENCES "public"."events"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_event_fk" FOREIGN KEY ("client_id","event_id") REFERENCES "public"."events"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "publication_callbacks" ADD CONSTRAINT "publication_callbacks_publication_fk" FOREIGN KEY ("client_id","publication_id") REFERENCES "public"."publications"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "publication_history" ADD CONSTRAINT "publication_history_publication_fk" FOREIGN KEY ("client_id","publication_id") REFERENCES "public"."publications"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_event_fk" FOREIGN KEY ("client_id","event_id") REFERENCES "public"."events"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_destination_fk" FOREIGN KEY ("client_id","destination_id") REFERENCES "public"."syndication_destinations"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "syndication_destination_properties" ADD CONSTRAINT "syndication_destination_properties_destination_fk" FOREIGN KEY ("client_id","destination_id") REFERENCES "public"."syndication_destinations"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "target_items" ADD CONSTRAINT "target_items_destination_fk" FOREIGN KEY ("client_id","destination_id") REFERENCES "public"."syndication_destinations"("client_id","id") ON DELETE cascade ON UPDATE no action;
