-- The nodes API also returns each node's section name: keep a copy on the node, and
-- fill it in for the nodes stored before this column existed.
ALTER TABLE nodes ADD COLUMN section_name TEXT NOT NULL DEFAULT '';

UPDATE nodes
SET section_name = (SELECT sections.name FROM sections WHERE sections.id = nodes.section_id);

-- down
ALTER TABLE nodes DROP COLUMN section_name;
