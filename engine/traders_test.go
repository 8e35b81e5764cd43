package engine

// Traders & Builders is played by the engine's tests before the bot, the
// terminal game and the pictures offer it (Expansion.Playable).
func init() { playable = playable.With(ExpansionTradersAndBuilders) }
