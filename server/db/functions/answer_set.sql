-- 'validation' for one media id in five (the first two bytes of its MD5, modulo 5), else 'training'.
CREATE OR REPLACE FUNCTION answer_set(p_media_id text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN (get_byte(decode(md5(p_media_id), 'hex'), 0) * 256 + get_byte(decode(md5(p_media_id), 'hex'), 1)) % 5 = 0
    THEN 'validation' ELSE 'training' END
$$;
