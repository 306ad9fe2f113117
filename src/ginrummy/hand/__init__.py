"""One hand of Gin Rummy, the part every variant shares: phases, the shared actions (pass, draw,
discard), results, the base state machine and how a hand is ordered for display. Each variant's
own actions, legality, view and state live in its folder under :mod:`ginrummy.variants`."""
