"""Outbound channels to people: email (SMTP) and SMS (a provider API), and how a send failed."""
