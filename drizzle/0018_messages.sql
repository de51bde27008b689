-- Messages carry no record-version triggers: no kept answer (the record read, the week, the admin
-- lists) shows them, and a conversation is read fresh page by page, so a message must not make
-- every kept answer of its record stale.
CREATE TABLE "conversation_reads" (
	"user_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"read_seq" bigint DEFAULT 0 NOT NULL,
	"mailed_seq" bigint DEFAULT 0 NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "conversation_reads_user_id_student_id_kind_pk" PRIMARY KEY("user_id","student_id","kind"),
	CONSTRAINT "conversation_reads_kind" CHECK ("conversation_reads"."kind" in ('family', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "message_attachments" (
	"message_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "message_attachments_message_id_document_id_pk" PRIMARY KEY("message_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"student_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by_id" uuid,
	CONSTRAINT "messages_kind" CHECK ("messages"."kind" in ('family', 'staff')),
	CONSTRAINT "messages_body_length" CHECK (char_length("messages"."body") <= 5000 and ("messages"."deleted_at" is not null or char_length("messages"."body") >= 1))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_messages" text DEFAULT 'batched' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_student_id_student_profiles_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_student_id_student_profiles_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_deleted_by_id_users_id_fk" FOREIGN KEY ("deleted_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_reads_student_idx" ON "conversation_reads" USING btree ("student_id","kind");--> statement-breakpoint
CREATE INDEX "message_attachments_document_idx" ON "message_attachments" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_seq_unique" ON "messages" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("student_id","kind","seq");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_messages" CHECK ("users"."email_messages" in ('batched', 'daily', 'off'));
