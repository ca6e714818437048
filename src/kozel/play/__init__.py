"""Playing one decision at a time: move numbering, the seat asked now, observation tensors, hands as episodes."""
