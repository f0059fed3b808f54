CREATE TABLE "revoked_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"login_hash" text PRIMARY KEY NOT NULL,
	"failed_login_attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "invite_tokens_token_key";--> statement-breakpoint
-- Hand-edited: outstanding invitations keep working. Their tokens are hashed in place (SHA-256, hex, as the server
-- hashes a presented token) instead of the generated drop-and-add, which would fail on existing rows.
ALTER TABLE "invite_tokens" RENAME COLUMN "token" TO "token_hash";--> statement-breakpoint
UPDATE "invite_tokens" SET "token_hash" = encode(sha256(convert_to("token_hash", 'UTF8')), 'hex');--> statement-breakpoint
CREATE INDEX "revoked_sessions_expires_at_idx" ON "revoked_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_updated_at_idx" ON "sign_in_failures" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invite_tokens_token_hash_key" ON "invite_tokens" USING btree ("token_hash");