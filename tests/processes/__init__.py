"""Tests that run the bot as real processes (`python -m bot`) on the served fake Discord."""
