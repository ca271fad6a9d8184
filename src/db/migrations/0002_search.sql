-- Keeps quizzes.search (full-text, weighted) and quizzes.search_text (trigram, for typos) in step
-- with the quiz on every write path. 'simple' config: quizzes come in many languages, so no
-- stemming; accents are folded so "musica" finds "Música".
CREATE OR REPLACE FUNCTION quizzes_search_refresh() RETURNS trigger AS $$
BEGIN
  NEW.search_text := lower(unaccent(concat_ws(' ', NEW.title, NEW.category, array_to_string(NEW.tags, ' '))));
  NEW.search :=
    setweight(to_tsvector('simple', lower(unaccent(coalesce(NEW.title, '')))), 'A') ||
    setweight(to_tsvector('simple', lower(unaccent(concat_ws(' ', NEW.category, array_to_string(NEW.tags, ' '))))), 'B') ||
    setweight(to_tsvector('simple', lower(unaccent(coalesce(NEW.description, '')))), 'C');
  RETURN NEW;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER quizzes_search_refresh
  BEFORE INSERT OR UPDATE OF title, description, category, tags ON quizzes
  FOR EACH ROW EXECUTE FUNCTION quizzes_search_refresh();
