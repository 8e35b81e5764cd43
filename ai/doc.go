// Package ai plays Carcassonne as a computer player, on the engine's public
// API alone: it reads what every player at the table sees (the board, the
// scores, the supplies, the tile drawn, the tiles left as a multiset) and
// never the order of the draw pile.
//
// Start with [ParseLevel] and [Turn] (the answers to the rest of the turn,
// one per step of engine.Game.Pending) or [Config.Choose] (a whole engine.Move at
// the start of a turn). [Config] sets the number of playouts of a search
// instead of the level's default ([Level.Playouts]).
//
// The levels: [Easy] plays the move that looks best right now (points
// scored, plus a simple value for the followers it places and the features
// it leaves open); [Normal] and [Hard] search with Monte Carlo: each
// playout shuffles the tiles nobody has seen yet into an order of its own
// (a determinization) and plays the game out with random moves, and an
// upper-confidence tree over the steps of the turn (tile, figure, escape)
// spends the playouts on the promising answers: the turns Easy values
// highest, each starting with a bias from that value. [Random] plays uniformly
// random legal answers, as a yardstick for the arena.
//
// Every search is driven by a seed and counts playouts, not time, so the
// same position and seed always give the same answers.
package ai
