"""The modes of Dungeons & Deuces, each a typed object (see `base.DeucesMode`)."""
