-- Nodes are the forum's boards; each belongs to a section.
CREATE TABLE nodes (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    summary TEXT NOT NULL DEFAULT '',
    section_id INTEGER NOT NULL REFERENCES sections (id) ON DELETE CASCADE,
    sort INTEGER NOT NULL DEFAULT 0,
    topics_count INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT
);

-- down
DROP TABLE nodes;
