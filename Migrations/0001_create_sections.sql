-- Sections group the forum's nodes (RubyChina's "Ruby", "Rails", "Jobs", …).
CREATE TABLE sections (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    sort INTEGER NOT NULL DEFAULT 0
);

-- down
DROP TABLE sections;
