-- The pretrained detector's class a subject maps to (an extension): NULL maps by the subject's name, 'none' to no class.
ALTER TABLE subjects ADD COLUMN detector_class text;
