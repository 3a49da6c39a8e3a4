"""Traditional Quest: a party explores a quest's map, room by room, to its last fight."""
