CREATE TABLE "totp_used_codes" (
	"user_id" text NOT NULL,
	"code" text NOT NULL,
	"kept_until" timestamp with time zone NOT NULL,
	CONSTRAINT "totp_used_codes_user_id_code_pk" PRIMARY KEY("user_id","code")
);
--> statement-breakpoint
ALTER TABLE "totp_used_codes" ADD CONSTRAINT "totp_used_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "totp_used_codes_kept_until_idx" ON "totp_used_codes" USING btree ("kept_until");