CREATE TABLE "backup_restores" (
	"id" uuid PRIMARY KEY NOT NULL,
	"archive" text NOT NULL,
	"restored_at" timestamp with time zone DEFAULT now() NOT NULL
);
