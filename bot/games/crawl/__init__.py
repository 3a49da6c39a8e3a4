"""What the dungeon crawls (Scoundrel, Diamonds & Dragons) share: card roles, actions, events,
the Dealer's voice and the text of their tables. Not a game of its own."""
