// Package turnview puts the engine's choices into a player's words, once,
// for every front end (design note "One turn model").
//
// The engine says what a player may choose: engine.Game.Pending names the
// step and who decides it, engine.Game.Answers lists its legal answers, and
// engine.Game.Act takes one. This package turns that list into Options: each
// answer with its kind (a placement, a spot on a feature, a tile, road ends,
// a die, a choice, a pass), the figure and the feature named in rulebook
// terms ("knight – city (north)", the feature's position read off the tile
// as it lies, after its rotation), the cell, the player who decides, and its
// value, the record's token (engine.Answer.String). Discord's menus and buttons
// and the terminal's lists are built from the same Options, so a player
// reads the same words in both and is never offered what the engine would
// refuse.
//
// It also puts what happened into words once, in a Voice's language (In):
// Voice.Narrate says what a move did (the turn summary of Discord's turn
// message and of the terminal), Voice.PartWords what a turn's answers did
// while other players decide, Voice.StepWords what one answer to a step
// did, and Voice.RuleError the rule an engine error breaks.
//
// Start with Voice.Options for the step a game waits for, Voice.Lookup to
// read a value back, and Voice.Narrate for a move played. Only the engine
// and the messages of package i18n are imported.
package turnview
