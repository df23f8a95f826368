"""Analytics: the per-scene heatmap, per-recipient engagement and A/B results of a campaign
(read from app.viewers session rows with aggregate SQL), and A/B variant assignment."""
