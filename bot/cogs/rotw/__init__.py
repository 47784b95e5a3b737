"""Railways of the World on the Discord side: commands (Discord-free) and the cog."""
