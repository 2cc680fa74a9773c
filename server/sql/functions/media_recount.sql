-- Counts again how many members, posts, scheduled posts and reports name each stored image, and deletes the
-- images that none names any more: after the migration that began the count, and after a whole
-- network is loaded at once. Day to day each write keeps the count itself (server/store/media.ts).
-- A post or a scheduled post names its first image (`image`) and each of the others (the URLs in
-- `more_images`); a report names the images of the post it reports, kept with it (`content`).
-- Scheduled posts, the images after a post's first, and reports are counted once their table or
-- column exists: the migration that began the count (0018) runs before those that make them.
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
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'posts' AND column_name = 'more_images') THEN
    EXECUTE $count$
      UPDATE media SET refs = media.refs + named.n
      FROM (
        SELECT substring(more.url FROM 8 FOR 64) AS sha256, count(*)::integer AS n
        FROM (
          SELECT entry->>'url' AS url FROM posts CROSS JOIN LATERAL jsonb_array_elements(more_images) AS entry
          UNION ALL SELECT entry->>'url' FROM scheduled_posts CROSS JOIN LATERAL jsonb_array_elements(more_images) AS entry
        ) AS more
        WHERE more.url LIKE '/media/%'
        GROUP BY 1
      ) AS named
      WHERE media.sha256 = named.sha256$count$;
  END IF;
  IF to_regclass('reports') IS NOT NULL THEN
    EXECUTE $count$
      UPDATE media SET refs = media.refs + named.n
      FROM (
        SELECT substring(kept.url FROM 8 FOR 64) AS sha256, count(*)::integer AS n
        FROM (SELECT jsonb_array_elements_text(content->'images') AS url FROM reports WHERE content->>'kind' = 'post') AS kept
        WHERE kept.url LIKE '/media/%'
        GROUP BY 1
      ) AS named
      WHERE media.sha256 = named.sha256$count$;
  END IF;
  DELETE FROM media WHERE refs = 0;
END;
$$;
