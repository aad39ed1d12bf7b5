-- One naming style for Setting keys (lib/settings/settings-registry.ts): the reader's preference
-- was the only dotted camelCase key.
UPDATE "Setting" SET "key" = 'reader_mark_read_on_scroll' WHERE "key" = 'reader.markReadOnScroll';
