ALTER TABLE "documents" ALTER COLUMN "url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "file_key" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "file_type" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "file_size" bigint;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_file_key_unique" UNIQUE("file_key");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_link_or_file" CHECK (("documents"."url" is not null and "documents"."file_key" is null and "documents"."file_name" is null and "documents"."file_type" is null and "documents"."file_size" is null)
        or ("documents"."url" is null and "documents"."file_key" is not null and "documents"."file_name" is not null and "documents"."file_type" is not null and "documents"."file_size" between 1 and 26214400));