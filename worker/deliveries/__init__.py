"""The deliveries worker (runner.py) and what it sends: webhook deliveries (webhooks.py) and
trigger messages by email, SMS or webhook (triggers.py)."""
