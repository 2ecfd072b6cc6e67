"""Live tables: seats, connections, one writer per table, record-then-broadcast."""
