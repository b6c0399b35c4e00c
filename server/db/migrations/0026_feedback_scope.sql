-- Which items an application queues for feedback: 'uncertain' (the interface's rule: those its model is unsure of)
-- or 'all' (every item of its input subjects once, for a team building a dataset).
ALTER TABLE applications ADD COLUMN feedback_scope text NOT NULL DEFAULT 'uncertain';
