// Package render draws pictures of Carcassonne games from engine state
// alone: the board as players read it in Discord, the preview of one
// placement, and the final board with the scoring table.
//
// Start with [New], once for the program, and ask it for pictures:
//
//	r := render.New()
//	err := r.TurnPNG(w, g)             // the turn: what matters, readable in Discord
//	err = r.BoardPNG(w, g)             // the whole board, side panel included
//	err = r.PreviewPNG(w, g, placement, port) // one placement, spots labelled, the follower on port
//	err = r.PreviewFigurePNG(w, g, placement, port, engine.FigureLarge) // the large follower on port
//	err = r.PreviewFigurePNG(w, g, placement, engine.NoPort, engine.FigureBuilder) // where the builder may go
//	err = r.PreviewMovePNG(w, g, move)        // a turn's answers so far, what they move ringed
//	err = r.PreviewMarksPNG(w, g, move, marks) // the same, a decision's choices numbered where they lie
//	err = r.FinalPNG(w, g)             // the end: board, final scoring, scores by turn
//	err = r.Animate(w, rec, render.AnimateOptions{}) // the game as an animated GIF
//
// The pictures' words are English; [Renderer.In] returns a renderer that
// shares the fonts and caches and draws them in another language of
// package i18n (issue 34), from its messages render.… (the panel, the
// scoreboard, the key, the final table, the previews' captions):
//
//	err = r.In(i18n.Polish).TurnPNG(w, g) // "Tura 64", "26 miejsc", "TOR PUNKTACJI" …
//
// [MessageTextIn] is the effect of a Message tile in a language, as the
// pictures write it.
//
// [Renderer.Turn], [Renderer.Board], [Renderer.Preview] and
// [Renderer.Final] return the *image.RGBA instead, and
// [Renderer.EncodePNG] writes one. [Candidates] lists the cells the board
// numbers, in order, for menus that must match.
//
// Discord shows a picture about 520 pixels wide, whatever its size. The
// turn picture is laid out for that width: the cells where the drawn tile
// fits and the last tiles placed, at tiles of 40 to 80 display pixels
// where they fit, and a score panel whose text keeps its size on screen
// (the board picture's panel too). The whole board is for opening at full
// size.
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
// colour-blind players can tell them apart; farmers lie down; the large
// follower (Inns & Cathedrals) is drawn 1.4 times taller than a follower;
// the builder (Traders & Builders) is a slim figure with a hard hat and no
// spread arms, the pig a pig seen from the side, both in the player's
// colour with the same outline, halo and letter. A knight
// stands inside its city, a farmer in its field, a thief on its road, a
// monk beside the church, smaller where the feature is small or the tile
// holds several followers. Follower spots in a preview are labelled with
// engine.SpotLabel on white rounded squares, a shape unlike the followers.
// In games of King & Robber Baron the scoreboard shows a gold crown by the
// King's holder and a violet mask by the Robber Baron's; with Inns &
// Cathedrals a player's supply reads "×6+L" while the large follower is in
// it. With Traders & Builders each player's row of the scoreboard has a
// second line: the goods tokens held (the tiles' wine, grain and cloth
// symbols, each with its count) and the builder and the pig while in the
// supply. The final table has a column per source of points in play,
// headed by the colours of the bars (and the crown and the mask; the goods
// striped in their three colours).
//
// The mini expansions (rule text 001_): a flying machine sits on a
// crimson arrow pointing where it flies, turned with its tile, and after a
// flight a crimson line goes from it to the tile the die sent the figure
// to, the die halfway showing the roll, a ring where it landed or a cross
// where it could not; a gold mine is a
// mine's mouth with an ingot before it; the gold ingots lying on a tile are
// a small stack in a corner with their number in a dark disc, and each
// player's row of the scoreboard has a line with the ingots held and their
// end bonus ("×3 +3 at end"); the magic symbol is a purple star; a crop
// circle shows the sign of its type, a pitchfork (farmers), a club
// (thieves) or a shield (knights). A ferry is a wooden boat on a narrow
// pale road across the lake joining two road ends; the mage is a purple
// robed figure with a tall hat and a staff, the witch a black one with a
// green face and a broom, each beside the place of a follower on its
// feature.
//
// With The Messengers or The Robbers, the side panel of the turn and
// board pictures has the scoreboard under the players' rows: its 50
// spaces in ten rows of five, each row starting on a dark space (0, 5,
// 10, …, labelled on its left and framed), with each player's marker (a
// disc), messenger (a small figure in a long skirt) and robber (a
// bandit's mask, after the pawns it robs) in the player's colour; and
// the Message tile last turned up with its effect in words
// ([MessageText]), who turned it up and whether they carried it out. The
// final table has a column for the messages and one for the robbers.
//
// Under the players' rows (and the scoreboard) the side panel of the
// turn and board pictures has a key of what the part of the board shown
// holds: each symbol and figure of the expansions in play found there
// (the purple star, "move mage/witch"; the red dragon on a tile, "dragon
// moves"; the fairy, the witch, an inn, …) as its small picture and a
// word or two, the most
// useful first, in one column or two, as many as the room holds; the
// colours of completed and open cities last. The final picture has the
// key of the whole board under the scoring, every entry, in three columns.
//
// Each tile picture is drawn once per kind, rotation, size and completed
// cities, with github.com/fogleman/gg, and cached. The *PNG methods
// compose their pictures straight in one fixed palette of 256 colours
// (tiles mapped to it once and copied a byte a pixel, followers and text
// blended and mapped through a table) and write them with
// github.com/klauspost/compress's zlib; the methods that return an
// *image.RGBA compose in true colour with image/draw. A Renderer is safe
// for concurrent use.
package render
