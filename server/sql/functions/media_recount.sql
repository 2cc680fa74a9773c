-- Counts again how many members, posts and scheduled posts name each stored image, and deletes the
-- images that none names any more: after the migration that began the count, and after a whole
-- network is loaded at once. Day to day each write keeps the count itself (server/store/media.ts).
-- Scheduled posts are counted once their table exists: the migration that began the count (0018)
-- runs before the one that makes it.
CREATE OR REPLACE FUNCTION media_recount()
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE media SET refs = 0 WHERE refs <> 0;
  UPDATE media SET refs = named.n
  FROM (
    SELECT substring(image FROM 8 FOR 64) AS sha256, count(*)::integer AS n
    FROM (SELECT image FROM members UNION ALL SELECT image FROM posts) AS images
    WHERE image LIKE '/media/%'
    GROUP BY 1
  ) AS named
  WHERE media.sha256 = named.sha256;
  IF to_regclass('scheduled_posts') IS NOT NULL THEN
    EXECUTE $count$
      UPDATE media SET refs = media.refs + named.n
      FROM (SELECT substring(image FROM 8 FOR 64) AS sha256, count(*)::integer AS n FROM scheduled_posts WHERE image LIKE '/media/%' GROUP BY 1) AS named
      WHERE media.sha256 = named.sha256$count$;
  END IF;
  DELETE FROM media WHERE refs = 0;
END;
$$;
