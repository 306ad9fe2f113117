"""One hand of Gin Rummy: phases, actions, results, the shared state machine and the standard game."""
