// Package render draws pictures of Carcassonne games from engine state
// alone: the board as players read it in Discord, the preview of one
// placement, and the final board with the scoring table.
//
// Start with [New], once for the program, and ask it for pictures:
//
//	r := render.New()
//	err := r.BoardPNG(w, g)            // the turn's board, side panel included
//	err = r.PreviewPNG(w, g, placement, engine.NoPort) // one placement, spots labelled
//	err = r.FinalPNG(w, g)             // the end: board and final scoring
//
// [Renderer.Board], [Renderer.Preview] and [Renderer.Final] return the
// *image.RGBA instead, and [Renderer.EncodePNG] writes one. [Candidates]
// lists the cells the board numbers, in order, for menus that must match.
//
// Tiles are drawn from the tile data, not from bitmaps, so that every tile
// of every expansion draws itself: fields are the green background, roads
// pale paths with edges, cities walled areas with houses (gold with red
// roofs once completed), the pennant a small blue shield, the cloister a
// church, and a crossing where roads end a small village. The shapes come
// from the ports each feature covers (a city over one side is a cap, over
// two adjacent sides a corner, over two opposite sides a band across, …).
// Followers are drawn in their players' colours (red, green, blue, yellow,
// black, grey by turn order, see [PlayerColour]) with a dark outline, a pale
// halo and the player's initial (or number, when initials repeat), so that
// colour-blind players can tell them apart; farmers lie down.
//
// Each tile picture is drawn once per kind, rotation, size and completed
// cities, with github.com/fogleman/gg, and cached; pictures are composited
// with image/draw. A Renderer is safe for concurrent use.
package render
