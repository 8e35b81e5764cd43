// Package terminal plays a hot-seat game of Carcassonne on one terminal:
// the players take turns at one keyboard, typing commands such as
// "place 3 90 1" (lay the drawn tile on cell 3 of the list, turned 90°
// clockwise, with a follower on spot 1), while a picture of the board is
// written to a PNG file after every move. The game is stored move by move
// in the bot's SQLite database (package storage), so that it can be
// stopped at any moment and continued later, from another window too.
//
// Start with [Run] and a [Config]; cmd/carcassonne's play command is one
// such caller. The cells are numbered as the board picture numbers them
// (engine.Game.CandidateCells), and the colours are the picture's
// (render.PlayerColourName).
package terminal
