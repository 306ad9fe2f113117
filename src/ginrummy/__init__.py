"""ginrummy: an exact Gin Rummy rules engine."""
