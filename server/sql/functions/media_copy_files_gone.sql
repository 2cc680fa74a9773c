-- Lists the files of deleted smaller copies for deletion after the commit (0021_media_files.sql):
-- a copy goes with its image (ON DELETE CASCADE), its file with it.
CREATE OR REPLACE FUNCTION media_copy_files_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO media_gone (name)
  SELECT sha256 || '-' || width || '.webp' FROM gone_copies WHERE bytes IS NULL;
  RETURN NULL;
END
$$;
