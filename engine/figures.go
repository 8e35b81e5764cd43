package engine

// This file holds the figures by kind (spec/rules-options.md, "Inns &
// Cathedrals"; design/expansions.md, "Figures by kind"): what a player
// deploys on a feature, how much it weighs when majorities are counted, and
// how many of each kind a supply holds. The base game has one kind, the
// follower; each expansion that brings a figure adds its kind here and its
// supply in Rules.

// Figure is a kind of figure a player deploys from their supply. The zero
// value is the follower of the base game.
type Figure uint8

// The figures.
const (
	// FigureFollower is the follower of the base game (000_…, "Deploying
	// followers"): its role (knight, thief, monk, farmer) follows from the
	// feature it stands on. It counts once for majorities.
	FigureFollower Figure = iota
	// FigureLarge is the large follower of Inns & Cathedrals (001_…, "Inns &
	// Cathedrals"): a follower that counts as two wherever majorities are
	// counted (roads, cities, cloisters, farms); one in each supply.
	FigureLarge
	// FigureBuilder is the builder of Traders & Builders (001_…, 004_…,
	// "The builder"): deployed on a road or city of the tile just placed
	// where its player already has a thief or knight; extending that feature
	// later gives its player a second turn. It counts for no majority.
	FigureBuilder
	// FigurePig is the pig of Traders & Builders (001_…, 004_…, "The
	// pig"): deployed on a field of the tile just placed where its player
	// already has a farmer; it adds 1 point per city to its player's farm
	// score when they win that farm. It counts for no majority.
	FigurePig
	numFigures
)

// figureNames are the figures' names in records (`follower@N`, `large@N`).
var figureNames = [numFigures]string{"follower", "large", "builder", "pig"}

// figureTitles are the figures' names in a player's words.
var figureTitles = [numFigures]string{"follower", "large follower", "builder", "pig"}

// figureWeight is what a figure counts for when majorities are counted.
var figureWeight = [numFigures]int{1, 2, 0, 0}

// figureExpansion is the expansion that brings each figure.
var figureExpansion = [numFigures]Expansion{ExpansionBase, ExpansionInnsAndCathedrals, ExpansionTradersAndBuilders, ExpansionTradersAndBuilders}

// Expansion returns the expansion that brings the figure: the base game for
// the follower, Inns & Cathedrals for the large follower; NoExpansion for a
// value that is no figure.
func (f Figure) Expansion() Expansion {
	if f < numFigures {
		return figureExpansion[f]
	}
	return NoExpansion
}

// String returns the figure's name in records: "follower", "large",
// "builder", "pig".
func (f Figure) String() string {
	if f < numFigures {
		return figureNames[f]
	}
	return "figure?"
}

// Title returns the figure's name in a player's words: "follower", "large
// follower", "builder", "pig".
func (f Figure) Title() string {
	if f < numFigures {
		return figureTitles[f]
	}
	return "figure"
}

// Weight returns what the figure counts for when the majority on a road,
// city, cloister or farm is counted: 1 for a follower, 2 for the large
// follower (001_…, "The large follower counts as two followers"), 0 for
// the builder and the pig (001_…: "Builders are not taken into
// consideration when determining majorities"; "Pigs are not taken into
// consideration").
func (f Figure) Weight() int {
	if f < numFigures {
		return figureWeight[f]
	}
	return 0
}

// ParseFigure returns the figure named s in records ("follower", "large"),
// and false for any other string.
func ParseFigure(s string) (Figure, bool) {
	for i, n := range figureNames {
		if n == s {
			return Figure(i), true
		}
	}
	return 0, false
}

// Figures returns the kinds of figure in each player's supply with these
// rules: the follower, and the large follower with Inns & Cathedrals.
func (r *Rules) Figures() []Figure {
	out := []Figure{FigureFollower}
	for f := FigureFollower + 1; f < numFigures; f++ {
		if r.figureSupply(f) > 0 {
			out = append(out, f)
		}
	}
	return out
}

// figureSupply returns how many figures of kind f each supply holds at the
// start with these rules.
func (r *Rules) figureSupply(f Figure) int {
	switch f {
	case FigureFollower:
		return FollowersPerPlayer
	case FigureLarge:
		if r.Expansions.Has(ExpansionInnsAndCathedrals) {
			return 1
		}
	case FigureBuilder, FigurePig:
		if r.Expansions.Has(ExpansionTradersAndBuilders) {
			return 1
		}
	}
	return 0
}

// SupplyOf returns how many figures of kind f player p has in their supply.
// SupplyOf(p, FigureFollower) is Supply(p). It returns 0 for a player or a
// figure not in the game.
func (g *Game) SupplyOf(p int, f Figure) int {
	if p < 0 || p >= g.nplayers {
		return 0
	}
	if f == FigureFollower {
		return int(g.supply[p])
	}
	if g.x == nil || f >= numFigures {
		return 0
	}
	return int(g.x.supply[p][f])
}

// FiguresInSupply returns the kinds of figure player p can deploy now: those
// with at least one in p's supply, in the order of the Figure constants (the
// follower first, then the large follower with Inns & Cathedrals). It is
// empty when p's supply holds no figure. A move deploys one of them at a spot
// of FollowerSpots, with Move.Figure.
func (g *Game) FiguresInSupply(p int) []Figure {
	if p < 0 || p >= g.nplayers {
		return nil
	}
	var out []Figure
	for f := FigureFollower; f < numFigures; f++ {
		if g.SupplyOf(p, f) > 0 {
			out = append(out, f)
		}
	}
	return out
}

// hasOtherFigures reports whether player p has a figure other than a
// follower in their supply that stands on a free feature (the large
// follower; not the builder or the pig).
func (g *Game) hasOtherFigures(p int) bool {
	if g.x == nil {
		return false
	}
	for f := FigureFollower + 1; f < numFigures; f++ {
		if g.x.supply[p][f] > 0 && figureWeight[f] > 0 {
			return true
		}
	}
	return false
}

// returnFigure puts meeple m's figure back in its owner's supply.
func (g *Game) returnFigure(m meeple) {
	if m.fig == FigureFollower {
		g.supply[m.player]++
		return
	}
	g.x.supply[m.player][m.fig]++
}

// King returns the player who holds the King (King & Robber Baron: the
// player who completed the largest city so far, in tiles), and false when
// nobody holds it or the expansion is not in play.
func (g *Game) King() (int, bool) {
	if g.x == nil || g.x.king.holder == 0 {
		return 0, false
	}
	return int(g.x.king.holder) - 1, true
}

// RobberBaron returns the player who holds the Robber Baron (King & Robber
// Baron: the player who completed the longest road so far, in tiles), and
// false when nobody holds it or the expansion is not in play.
func (g *Game) RobberBaron() (int, bool) {
	if g.x == nil || g.x.baron.holder == 0 {
		return 0, false
	}
	return int(g.x.baron.holder) - 1, true
}

// title is a title of King & Robber Baron: its holder (player index + 1, 0
// for none) and the size in tiles of the feature that took it.
type title struct {
	holder int8
	size   uint16
}
