package ai

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/meeple-works/carcassonne/engine"
)

// explore is the exploration constant of the upper confidence bound (UCB1,
// Auer et al. 2002) with rewards in [0, 1].
const explore = 0.5

// search is one Monte Carlo search: the tiles unseen by the player who
// decides, and the reused positions and buffers of its playouts.
type search struct {
	me      int
	players int
	rng     *rand.Rand
	tiles   *unseen
	scratch engine.Game
	spots   []engine.Spot
	cells   []engine.Cell
	links   []engine.FerryLink
	targets []engine.Target
	path    []step
	// priorVisits: the visits over which an answer's greedy bias fades
	// (see pick).
	priorVisits float64
	// checked, in tests, checks every move of the playouts before it is
	// played (engine.Game.Check) and keeps the first refusal in refused.
	checked bool
	refused error
}

type step struct {
	n *node
	i int
}

// newSearch prepares a search for the player to decide in g.
func newSearch(g *engine.Game, rng *rand.Rand) (*search, error) {
	u, err := newUnseen(g)
	if err != nil {
		return nil, err
	}
	return &search{me: g.Pending().Player, players: g.NumPlayers(), rng: rng, tiles: u, priorVisits: priorVisits}, nil
}

// run spends the playouts on the tree of the turn's steps rooted at root and
// returns the answers visited most at each step.
//
// Each playout deals the unseen tiles into an order of its own, goes down
// the steps of the turn choosing at each the answer with the best upper
// confidence bound (every answer once first, in a random order), plays the
// turn, then the rest of the game with the light policy of playout, and
// scores the end for the player who decides (reward).
func (s *search) run(root *node, playouts int) ([]engine.Answer, error) {
	for range playouts {
		seq := s.tiles.deal(s.rng)
		s.path = s.path[:0]
		root.state.CopyTo(&s.scratch)
		n := root
		for !n.leaf {
			i := n.pick(s.rng, s.priorVisits)
			s.path = append(s.path, step{n, i})
			k, err := s.descend(n, i)
			if err != nil {
				return nil, err
			}
			n = k
		}
		st := &s.scratch
		if d := st.Pending(); d.Step != engine.StepNone && d.Player != root.who {
			// Another player's step (the dragon's, a crop circle's):
			// the turn as played so far, as newNode judges it.
			if pre := st.Preview(); pre != nil {
				st = pre
			}
		}
		r := s.playout(st, seq)
		for _, st := range s.path {
			st.n.visits[st.i]++
			st.n.reward[st.i] += r
			st.n.total++
		}
	}
	var out []engine.Answer
	root.state.CopyTo(&s.scratch)
	for n := root; !n.leaf; {
		i := n.best()
		out = append(out, n.answers[i])
		k, err := s.descend(n, i)
		if err != nil {
			return nil, err
		}
		n = k
	}
	return out, nil
}

// descend plays answer i of node n on the search's scratch position (which
// is n's) and returns the node after it, making it the first time. The
// nodes below the root keep no position of their own, only their answers
// and counts: a position of a game with every expansion late in the game
// takes hundreds of KB, and a search makes thousands of nodes; the scratch
// position is played down from the root's at each playout instead.
func (s *search) descend(n *node, i int) (*node, error) {
	done, err := s.scratch.Act(n.answers[i])
	if err != nil {
		return nil, fmt.Errorf("ai: the engine refused its own answer %s: %w", n.answers[i], err)
	}
	if n.kids == nil {
		n.kids = make([]*node, len(n.answers))
	}
	if k := n.kids[i]; k != nil {
		return k, nil
	}
	k := &node{leaf: done, who: n.who, die: n.die}
	if !done {
		if k, err = newNode(&s.scratch, n.who, n.die); err != nil {
			return nil, err
		}
		k.state = nil
	}
	n.kids[i] = k
	return k, nil
}

// Candidates: the search weighs only the turns the greedy look values
// highest (greedyCandidates), candidates of them at Normal
// (Level.candidates), and starts each answer with a bias of priorWeight
// of reward per point of its greedy value below the best, which fades as
// pv/(pv+visits), pv the level's priorVisits (Level.priorVisits).
const (
	candidates  = 12
	priorWeight = 0.01
	priorVisits = 30
)

// priorVisits returns the visits over which the greedy bias of the
// search's answers fades at level l: priorVisits at Normal, four times as
// many at Hard (which had four times Normal's playouts then). With the
// same 30 visits, Hard's extra playouts (random, so biased against long
// investments) washed the greedy look out of its choices, and Hard did not
// beat Normal: 4 of 10 games with The Tower, 3 with The Princess & the
// Dragon (arena at --think-scale 0.2); with the fade scaled, 7 and 6.5
// (issue 30).
func (l Level) priorVisits() float64 {
	if l == Hard {
		return priorVisits * 4
	}
	return priorVisits
}

// candidates returns how many of the greedy look's turns a search at
// level l weighs: candidates at Normal, hardCandidates at Hard.
func (l Level) candidates() int {
	if l == Hard {
		return hardCandidates
	}
	return candidates
}

// hardCandidates is how many of the greedy look's turns Hard weighs:
// twice Normal's dozen, which its eight times more playouts can tell
// apart. With a dozen, Hard beat Normal in 56.5% of 100 games of The
// Tower; with two dozen in 74% (the same games, seed 1): the better turns
// the greedy look ranks below twelfth were mostly farmers and roads, 11
// more points a game from farms (issue 30).
const hardCandidates = 24

// restrict limits the tree under root to the answers of the turns cands
// (best first), and gives each answer at each step its prior: the greedy
// value of the best candidate through it, less the best's (0 or below).
// Below a roll of the die, every answer stays.
func (s *search) restrict(root *node, cands []candidate) error {
	if len(cands) == 0 {
		return nil
	}
	top := cands[0].v
	for _, c := range cands {
		root.state.CopyTo(&s.scratch)
		n := root
		for _, a := range c.path {
			if n.leaf || n.chance {
				break
			}
			i := slices.Index(n.answers, a)
			if i < 0 {
				return fmt.Errorf("ai: the greedy look's answer %s is not an answer of the search", a)
			}
			if n.prior == nil {
				n.prior = make([]float64, len(n.answers))
			}
			if !slices.Contains(n.allow, int32(i)) {
				n.prior[i] = c.v - top
				n.allow = append(n.allow, int32(i))
			}
			k, err := s.descend(n, i)
			if err != nil {
				return err
			}
			n = k
		}
	}
	return nil
}

// pick returns the answer to try next: an answer never tried, in a random
// order (the candidates' answers best first), and then the one with the
// best upper confidence bound.
func (n *node) pick(rng *rand.Rand, priorVisits float64) int {
	if n.chance {
		// The die: each roll alike, whatever the game's die shows.
		if n.visits == nil {
			n.visits = make([]int32, len(n.answers))
			n.reward = make([]float64, len(n.answers))
		}
		return rng.IntN(len(n.answers))
	}
	if n.order == nil {
		n.visits = make([]int32, len(n.answers))
		n.reward = make([]float64, len(n.answers))
		if n.allow != nil {
			n.order = n.allow
		} else {
			n.order = make([]int32, len(n.answers))
			for i := range n.order {
				n.order[i] = int32(i)
			}
			rng.Shuffle(len(n.order), func(i, j int) { n.order[i], n.order[j] = n.order[j], n.order[i] })
		}
	}
	if n.tried < len(n.order) {
		n.tried++
		return int(n.order[n.tried-1])
	}
	logN := math.Log(float64(n.total))
	best, bestV := 0, math.Inf(-1)
	for _, i := range n.order {
		v := float64(n.visits[i])
		u := n.reward[i]/v + explore*math.Sqrt(logN/v)
		if n.prior != nil {
			u += priorWeight * n.prior[i] * priorVisits / (priorVisits + v)
		}
		if u > bestV {
			best, bestV = int(i), u
		}
	}
	return best
}

// best returns the answer visited most (the better mean among equals; the
// first answer when none was tried).
func (n *node) best() int {
	if n.chance {
		return n.die
	}
	best := 0
	if len(n.allow) > 0 {
		best = int(n.allow[0])
	}
	for i := range n.visits {
		v, b := n.visits[i], n.visits[best]
		if v > b || v == b && v > 0 && n.reward[i]/float64(v) > n.reward[best]/float64(b) {
			best = i
		}
	}
	return best
}

// playout plays game st to its end with the tiles of seq, in that order, by
// the light policy: a placement drawn uniformly (engine.RandomPlacement),
// then no figure or a follower on one of the tile's free features, drawn
// with weights that favour cloisters and cities over roads and farms
// (the large follower instead a third of the time, or when it is the only
// figure left), or now and then a tower piece (raisesTower), the builder
// or the pig (deploysHelper) or the fairy (takesFairy) instead; a lake's
// ferry on a random pair of its road ends, no ferry moved; the mage or the
// witch on a random road or city when the tile calls for it; a crop circle
// passed over. It returns the reward of the player who decides: 1 for a
// win, ½ for a shared win, 0 for a loss, nudged by the margin (see reward).
func (s *search) playout(st *engine.Game, seq []engine.TileID) float64 {
	rng := s.rng
	dragons := st.Rules().Expansions.Has(engine.ExpansionPrincessAndDragon)
	towers := st.Rules().Expansions.Has(engine.ExpansionTower)
	magic := st.Rules().Expansions.Has(engine.ExpansionMageAndWitch)
	traders := st.Rules().Expansions.Has(engine.ExpansionTradersAndBuilders)
	for i := 0; !st.Ended(); i++ {
		if i >= len(seq) {
			// Cannot happen while the unseen tiles are counted right; end
			// the game rather than read the pile.
			_ = st.Finish()
			break
		}
		t := seq[i]
		marks := st.TileSet().Tile(t).Markers
		if dragons && marks&engine.Dragon != 0 {
			if _, on := st.Dragon(); !on {
				// A dragon tile before any volcano is set aside.
				s.play(st, engine.Move{Tile: t, Aside: true})
				continue
			}
		}
		p, ok := st.RandomPlacement(t, rng.Uint64())
		if !ok {
			s.play(st, engine.Move{Tile: t, Discard: true})
			continue
		}
		m := engine.Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
		if s.cells = st.AppendGoldCells(s.cells[:0], t, p); len(s.cells) > 0 {
			// The Gold Mines: the second ingot on a neighbour.
			m.Gold, m.GoldCell = true, s.cells[rng.IntN(len(s.cells))]
		}
		if s.links = st.AppendFerryLinks(s.links[:0], t, p.Rotation); len(s.links) > 0 {
			// The Ferries: the lake's ferry on two of its road ends, the
			// ferries the tile reaches left where they are.
			m.Ferry = s.links[rng.IntN(len(s.links))]
		}
		if magic {
			// Mage & Witch: the mage or the witch, even odds, on a random
			// road or city when the tile calls for it.
			m.Magic, m.MagicAt, _ = st.RandomMagic(m, rng)
		}
		cur := st.Current()
		large := st.SupplyOf(cur, engine.FigureLarge) > 0
		if dragons && marks&engine.Volcano != 0 {
			// Nothing is deployed with a volcano.
		} else if towers && s.raisesTower(st, &m, cur, rng) {
			// A tower piece instead of a figure (m.Tower set).
		} else if traders && s.deploysHelper(st, &m, rng) {
			// The builder or the pig instead of a follower (m.Follower,
			// m.Figure set).
		} else if dragons && s.takesFairy(st, cur, rng) {
			// Another player takes the fairy (m.Fairy set).
			s.cells = st.AppendFairyCells(s.cells[:0])
			m.Fairy, m.FairyCell = true, s.cells[rng.IntN(len(s.cells))]
		} else if st.Supply(cur) > 0 || large {
			s.spots = st.AppendFollowerSpots(s.spots[:0], t, p)
			if len(s.spots) > 0 {
				w := spotWeightNone
				for _, sp := range s.spots {
					w += spotWeight[sp.Kind]
				}
				k := rng.IntN(w) - spotWeightNone
				for _, sp := range s.spots {
					if k < 0 {
						break
					}
					if k -= spotWeight[sp.Kind]; k < 0 {
						m.Follower = sp.Port
						if large && (st.Supply(cur) == 0 || rng.IntN(3) == 0) {
							m.Figure = engine.FigureLarge
						}
					}
				}
			}
		}
		if dragons && marks&engine.Dragon != 0 {
			// The dragon's steps, each at random.
			for {
				if s.cells = st.AppendDragonSteps(s.cells[:0], m); len(s.cells) == 0 {
					break
				}
				m.Dragon = m.Dragon.Add(s.cells[rng.IntN(len(s.cells))])
			}
		}
		s.play(st, m)
	}
	return s.reward(st)
}

// play plays move m of a playout on st (see checked).
func (s *search) play(st *engine.Game, m engine.Move) {
	if s.checked && s.refused == nil {
		// A crop circle is passed over (no choice, no answers): the
		// game after it is the one after "add" with every player passing,
		// a legal move, which Check would want written out.
		if err := st.Check(m); err != nil && !(m.Crop == engine.CropNone && errors.Is(err, engine.ErrCrop)) {
			s.refused = fmt.Errorf("playout move %s: %w", engine.MoveString(st.TileSet(), m), err)
		}
	}
	st.Play(m)
}

// fairyTakeOdds: in a playout a player who does not own the fairy puts it
// by one of their followers once in fairyTakeOdds turns (when they have a
// follower on the board), instead of a figure. Without it the fairy, once
// put down, never moved again in a playout, and gave its owner a point a
// turn to the end of every game: the search put it down rather than score
// a city at once (issue 30).
const fairyTakeOdds = 3

// takesFairy reports whether player cur takes the fairy in this turn of a
// playout of st (The Princess & the Dragon).
func (s *search) takesFairy(st *engine.Game, cur int, rng *rand.Rand) bool {
	if _, owner, on := st.Fairy(); on && owner == cur || rng.IntN(fairyTakeOdds) != 0 {
		return false
	}
	s.cells = st.AppendFairyCells(s.cells[:0])
	return len(s.cells) > 0
}

// towerOdds: in a playout of a game with The Tower a player with a tower
// piece left raises a tower (a foundation or an open tower of the board,
// the tile's own foundation included) once in towerOdds turns, instead of
// a figure, and takes prisoner another player's follower in its reach,
// drawn at random, when there is one. Without it no tower grew and nobody
// was captured in a playout: the search did not see that a follower next
// to a tower may be lost, nor what a tower piece may take (issue 30).
const towerOdds = 4

// raisesTower reports whether player cur raises a tower in this turn of a
// playout of st (The Tower), and then sets m's tower piece and capture.
func (s *search) raisesTower(st *engine.Game, m *engine.Move, cur int, rng *rand.Rand) bool {
	if st.TowerPieces(cur) == 0 || rng.IntN(towerOdds) != 0 {
		return false
	}
	s.cells = st.AppendTowerCells(s.cells[:0], m.Tile, engine.Placement{Cell: m.Cell, Rotation: m.Rotation})
	if len(s.cells) == 0 {
		return false
	}
	m.Tower, m.TowerCell = engine.TowerPiece, s.cells[rng.IntN(len(s.cells))]
	if s.targets = st.AppendRivalCaptures(s.targets[:0], *m); len(s.targets) > 0 {
		m.Capture = s.targets[rng.IntN(len(s.targets))]
	}
	return true
}

// helperOdds: in a playout of a game with Traders & Builders a player
// whose builder or pig is in the supply deploys it once in helperOdds
// turns when the tile placed continues a road or city of theirs (the
// builder) or a farm of theirs (the pig), instead of a follower: the
// builder then brings its second turn, the pig its points, as the engine
// plays them. Without it neither ever came on the board in a playout, and
// the search saw nothing of what they bring (issue 30).
const helperOdds = 3

// deploysHelper reports whether the current player deploys their builder
// or pig in this turn of a playout of st, and then sets m's figure.
func (s *search) deploysHelper(st *engine.Game, m *engine.Move, rng *rand.Rand) bool {
	if rng.IntN(helperOdds) != 0 {
		return false
	}
	p := engine.Placement{Cell: m.Cell, Rotation: m.Rotation}
	s.spots = st.AppendFigureSpots(s.spots[:0], m.Tile, p, engine.FigureBuilder)
	s.spots = st.AppendFigureSpots(s.spots, m.Tile, p, engine.FigurePig)
	if len(s.spots) == 0 {
		return false
	}
	sp := s.spots[rng.IntN(len(s.spots))]
	m.Follower, m.Figure = sp.Port, engine.FigureBuilder
	if sp.Kind == engine.Field {
		m.Figure = engine.FigurePig
	}
	return true
}

// spotWeightNone and spotWeight are the playout policy's weights of
// deploying no figure and of a follower on each kind of feature.
const spotWeightNone = 4

var spotWeight = [...]int{engine.Road: 2, engine.City: 3, engine.Cloister: 4, engine.Field: 1, engine.River: 0}

// rewardWin is the part of a playout's reward that a win brings, and
// rewardScale the points of margin over the best other player that bring
// 1/(1+e^-1) of the rest. Long games (an expansion or more, 100 tiles and
// over) end far apart: their margin tells the answers of a turn apart
// better than the win alone (rewards 0.9 and 10 points before: normal
// against easy 12 of 20 games with The Tower, 16 now; issue 30).
const (
	rewardWin   = 0.5
	rewardScale = 30
)

// reward scores the end of game st for the player who decides: rewardWin
// for a win alone, shared at a tie, 0 for a loss, plus the rest for the
// margin over the best other player (a logistic of the points, half of it
// at a tie).
func (s *search) reward(st *engine.Game) float64 {
	mine := st.Score(s.me)
	other := math.MinInt
	ties := 0
	for p := range s.players {
		if p == s.me {
			continue
		}
		sc := st.Score(p)
		if sc > other {
			other = sc
		}
	}
	if s.players == 1 {
		return 1 / (1 + math.Exp(-float64(mine-100)/30))
	}
	for p := range s.players {
		if st.Score(p) == mine {
			ties++
		}
	}
	var win float64
	switch {
	case mine > other:
		win = rewardWin
	case mine == other:
		win = rewardWin / float64(ties)
	}
	return win + (1-rewardWin)/(1+math.Exp(-float64(mine-other)/rewardScale))
}
