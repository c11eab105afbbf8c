-- The browser lists a section's nodes in their sort order.
CREATE INDEX nodes_on_section_id_and_sort ON nodes (section_id, sort);
