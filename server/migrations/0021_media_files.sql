-- Images' bytes move out of the database, into a folder or an object store (server/mediaFiles.ts):
-- a row whose `bytes` is NULL names a file of the same name as its URL. Rows that still hold their
-- bytes are answered from here until they are moved (server/mediaMove.ts), a few at a time, while
-- servers run.
ALTER TABLE media ALTER COLUMN bytes DROP NOT NULL;
ALTER TABLE media_copies ALTER COLUMN bytes DROP NOT NULL;

-- The files whose rows are gone, to delete once the deleting transaction has committed (a file
-- deleted before its row's delete commits would be missing if the transaction rolled back). The
-- database lists them in the same transaction, whichever statement deleted the rows (a post
-- deleted, an avatar replaced, a whole network replaced); server/store/media.ts deletes the files.
-- A name may be listed twice (an image kept again and let go of again while the first deletion is
-- under way): each entry is its own, so the second is never lost in the first.
CREATE TABLE media_gone (
  id    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name  text COLLATE "C" NOT NULL
);

CREATE TRIGGER media_files_gone AFTER DELETE ON media
  REFERENCING OLD TABLE AS gone_media FOR EACH STATEMENT EXECUTE FUNCTION media_files_gone();
CREATE TRIGGER media_copy_files_gone AFTER DELETE ON media_copies
  REFERENCING OLD TABLE AS gone_copies FOR EACH STATEMENT EXECUTE FUNCTION media_copy_files_gone();
