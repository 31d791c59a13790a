CREATE TABLE "legacy_imports" (
	"entity" text NOT NULL,
	"legacy_id" text NOT NULL,
	"new_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_imports_entity_legacy_id_pk" PRIMARY KEY("entity","legacy_id")
);
