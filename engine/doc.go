// Package engine implements the rules of Carcassonne: tiles, the board, the
// features that grow on it (roads, cities, cloisters, fields), follower
// placement, scoring and game records.
//
// Start with [New] to set up a game, ask it for the drawn tile
// ([Game.Drawn]), the legal placements ([Game.Placements]) and the follower
// spots of one placement ([Game.FollowerSpots]), and play a [Move] with
// [Game.Apply], which checks the move and returns a [*MoveError] that says why
// when it is illegal. A game record (see ../shared/spec/record.md) is read with
// [ReadRecord], replayed with [Record.Replay] and written with
// [Record.WriteTo]; [Game.Record] gives the record of a game.
//
// Expansions are chosen with [NewRules], which composes the tile set, the
// start tile and the groups of the draw pile once; [Config.Rules] plays a
// game with them (nil is the base game) and [Game.Rules] gives them back.
// The River and The River II place their tiles by the river's rules
// ([Game.RiverEnds]). Inns & Cathedrals bring the large follower
// ([Figure], [Game.SupplyOf]), King & Robber Baron their titles
// ([Game.King]), the Cathars the knights' escape ([Game.Escapes]), The
// Princess & the Dragon the dragon ([Game.Dragon], [Game.DragonSteps],
// [Game.LastDragon]), the fairy ([Game.Fairy]), the magic portal
// ([Game.PortalSpots]) and the princess ([Game.Princesses]), The
// Flying Machines a flight with the die ([Game.Flyers], [Game.Landings],
// [Game.DieRoll]), The Gold Mines the gold ingots ([Game.GoldCells],
// [Game.Gold]), The Ferries the lakes' ferries ([Game.Ferries],
// [Game.FerryLinks], [Game.MovableFerries], [Game.AppendFerryMoves]);
// every score carries its [Source] ([ScoreEvent],
// [Game.Breakdowns]).
//
// A turn is a sequence of steps ([Step]): [Game.Pending] says who decides
// what next, [Game.Answers] lists the legal answers, and [Game.Act] takes
// one at a time; [Game.Apply] takes all of a turn's answers at once as a
// [Move] (the dragon's steps, which the players decide in turn, included),
// and [Game.Play] is its unchecked path. [Game.Preview] shows a turn
// answered halfway as if it ended there.
//
// A [Game] is a value that [Game.Clone] copies cheaply ([Game.CopyTo]
// without allocating), so that computer players can search thousands of
// positions a second, and [NewInto] sets up a new game in the memory of an
// old one, for a program that plays many games in a row. Features are tracked incrementally with a union-find
// over the feature segments of the placed tiles; the board is an
// open-addressing hash table of cells, and the open cells are also listed
// by the edges their neighbours show, so that a random playout draws a
// placement ([Game.RandomPlacement]) from the few kinds of cell a tile
// fits, without trying every open cell as [Game.AppendPlacements] does.
//
// The methods that change a game say so (Act, Apply, Play, Finish, Reset,
// CopyTo and NewInto into it); the others only read it, so many goroutines may query
// one game at once as long as none changes it.
//
// The package imports only the standard library.
package engine
