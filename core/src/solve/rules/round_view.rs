//! The round as the rules see it: each visible clue's hidden members and the blue
//! it still needs, the remaining counter, and how clues read in messages.

use std::cell::{OnceCell, RefCell};

use super::alone;
use super::pair_memo::{ClueKey, PairAnswers, PairKey, PairMemo};
use super::region_parts::{part, CounterPacks, Part};
use crate::model::{name, ClueKind};
use crate::solve::key_map::KeyMap;
use crate::solve::puzzle::{empty_ranges, push_in_range, ClueShape, Puzzle, Values};
use crate::solve::reason::exact::{Check, ExactChecker};

/// One round's visible information, for matching rules: every visible clue and the
/// counter, or (for following a chain or an assumption) a few of them.
pub(crate) struct View<'p> {
    pub(crate) puzzle: &'p Puzzle,
    pub(crate) known: &'p Values,
    /// Whether the rules may read the remaining counter.
    pub(crate) counter: bool,
    /// Whether the rules put their findings in words (a replay needs no words).
    pub(crate) texts: bool,
    /// Whether `known` holds an assumption, so that colours may differ from the
    /// solution's (the exact checker, which proves solution colours, is not asked).
    pub(crate) assumed: bool,
    /// Per clue: where its hidden members are in `open_cells` (none for clues the
    /// player does not see).
    open_at: Vec<(u32, u32)>,
    open_cells: Vec<usize>,
    /// Per clue: how many of its hidden members are blue (`None` for clues the
    /// player does not see).
    pub(crate) need: Vec<Option<usize>>,
    /// Per cell: where the visible clues it is a hidden member of are in
    /// `clue_list`.
    clues_at: Vec<(u32, u32)>,
    clue_list: Vec<usize>,
    /// Blue cells among the hidden ones: what the counter shows.
    pub(crate) remaining: usize,
    /// Hidden cells.
    pub(crate) hidden: Vec<usize>,
    /// Per clue: what it forces alone, computed on first need.
    alone: Vec<OnceCell<Vec<(usize, bool)>>>,
    /// The visible clues.
    pub(crate) visible: Vec<usize>,
    /// The exact checker for questions about a few clues, built on first need.
    checker: RefCell<Option<ExactChecker<'p>>>,
    /// Per pair of clues (the smaller first): the cells that a colouring the checker
    /// found for the pair gives another colour than the solution's, which the pair
    /// does not force.
    pair_free: RefCell<KeyMap<(usize, usize), Vec<usize>>>,
    /// Pair answers kept beyond this view, when a caller lends a memo.
    pub(crate) pair_memo: Option<&'p PairMemo>,
    /// Pair answers kept by their content, beyond this level, when a caller lends
    /// them.
    pub(crate) pair_answers: Option<&'p PairAnswers>,
    /// Per clue: the visible clues that share a hidden cell with it, on first need.
    neighbours: Vec<OnceCell<Vec<usize>>>,
    /// Per clue: the parts of the clues that share its hidden cells, on first need.
    parts_in: Vec<OnceCell<Vec<Part>>>,
    /// The visible clues as parts of all hidden cells, on first need.
    parts_everywhere: OnceCell<Vec<Part>>,
    /// The counter's packings of all visible clues (for black, for blue), on
    /// first need.
    counter_packs: OnceCell<CounterPacks>,
    /// The counter's packings (for black, for blue) of the visible clues but those
    /// a cell is in, per list of such clues (cells in the same clues share it), on
    /// first need.
    counter_packs_without: RefCell<Repacks>,
}

/// Packings kept by the clues left out and the colour packed for.
type Repacks = KeyMap<(Vec<usize>, bool), Option<Vec<Part>>>;

/// Decisions the exact checker may take on a question of two clues.
const PAIR_NODES: usize = 500;

impl<'p> View<'p> {
    /// The round that starts with `known` uncovered and shows the clues `visible`.
    pub(crate) fn new(puzzle: &'p Puzzle, known: &'p Values, visible: &[usize]) -> View<'p> {
        View::within(puzzle, known, visible, true, false)
    }

    /// Only the clues `clues` (and the counter when `counter`) with `known`
    /// uncovered; `assumed` when `known` holds an assumption.
    pub(crate) fn within(
        puzzle: &'p Puzzle,
        known: &'p Values,
        clues: &[usize],
        counter: bool,
        assumed: bool,
    ) -> View<'p> {
        let visible = clues;
        let (n_clues, n_cells) = (puzzle.clues.len(), puzzle.cells.len());
        // Flat lists with ranges: a view is made for every round, chain and
        // assumption, and one vector per clue and cell would dominate its cost.
        let mut open_at = vec![(0, 0); n_clues];
        // Room for every member: growing it step by step cost more than the pass.
        let most: usize = visible.iter().map(|&c| puzzle.clues[c].members.len()).sum();
        let mut open_cells = Vec::with_capacity(most);
        let mut need = vec![None; n_clues];
        let mut n_clues_of = vec![0u32; n_cells];
        for &c in visible {
            let clue = &puzzle.clues[c];
            let start = open_cells.len() as u32;
            let mut n_blue = 0;
            for &m in &clue.members {
                match known[m] {
                    None => {
                        open_cells.push(m);
                        n_clues_of[m] += 1;
                    }
                    Some(true) => n_blue += 1,
                    Some(false) => {}
                }
            }
            open_at[c] = (start, open_cells.len() as u32);
            need[c] = clue.count.checked_sub(n_blue);
        }
        let (mut clues_at, total) = empty_ranges(&n_clues_of);
        let mut clue_list = vec![0; total];
        for &c in visible {
            let (start, end) = open_at[c];
            for &m in &open_cells[start as usize..end as usize] {
                push_in_range(&mut clue_list, &mut clues_at[m], c);
            }
        }
        View {
            puzzle,
            known,
            counter,
            assumed,
            texts: true,
            open_at,
            open_cells,
            need,
            clues_at,
            clue_list,
            remaining: puzzle.remaining(known),
            hidden: (0..puzzle.cells.len()).filter(|&i| known[i].is_none()).collect(),
            alone: (0..n_clues).map(|_| OnceCell::new()).collect(),
            visible: visible.to_vec(),
            checker: RefCell::new(None),
            pair_free: RefCell::new(KeyMap::default()),
            pair_memo: None,
            pair_answers: None,
            neighbours: (0..n_clues).map(|_| OnceCell::new()).collect(),
            parts_in: (0..n_clues).map(|_| OnceCell::new()).collect(),
            parts_everywhere: OnceCell::new(),
            counter_packs: OnceCell::new(),
            counter_packs_without: RefCell::new(Repacks::default()),
        }
    }

    /// The hidden members of clue `c` (none for a clue the player does not see).
    pub(crate) fn open(&self, c: usize) -> &[usize] {
        let (start, end) = self.open_at[c];
        &self.open_cells[start as usize..end as usize]
    }

    /// The visible clues hidden cell `i` is a member of.
    pub(crate) fn clues_of(&self, i: usize) -> &[usize] {
        let (start, end) = self.clues_at[i];
        &self.clue_list[start as usize..end as usize]
    }

    /// The blue clue `c` still needs among its hidden members (0 for a clue the
    /// player does not see).
    pub(crate) fn need(&self, c: usize) -> usize {
        self.need[c].unwrap_or(0)
    }

    /// What clue `c` forces alone.
    pub(crate) fn alone(&self, c: usize) -> &[(usize, bool)] {
        self.alone[c].get_or_init(|| alone::forced(self.puzzle, c, self.known))
    }

    /// Whether clues `a` and `b` together force hidden cell `i` to its solution
    /// colour and each is needed for it (the exact checker, within a small limit).
    /// The cells of the round's pairs share their clues: a colouring that showed
    /// the pair does not force one cell answers for the others it gives another
    /// colour.
    pub(crate) fn pair_forces(&self, a: usize, b: usize, i: usize) -> bool {
        if self.assumed {
            return false;
        }
        let pair = (a.min(b), a.max(b));
        let hidden = (self.open(pair.0).len(), self.open(pair.1).len());
        if let Some(answer) = self
            .pair_memo
            .and_then(|memo| memo.get(pair.0, pair.1, i, hidden))
        {
            return answer;
        }
        let key = self.pair_answers.map(|_| self.pair_key(a, b, i));
        let kept = self
            .pair_answers
            .zip(key.as_ref())
            .and_then(|(answers, key)| answers.get(key));
        let answer = kept.unwrap_or_else(|| self.ask_pair(a, b, i));
        if let Some(memo) = self.pair_memo {
            memo.put(pair.0, pair.1, i, hidden, answer);
        }
        if let (Some(answers), Some(key), None) = (self.pair_answers, key, kept) {
            answers.put(key, answer);
        }
        answer
    }

    /// The pair question about clues `a`, `b` (asked in that order) and cell `i`, by
    /// its content: what [`View::ask_pair`] reads.
    fn pair_key(&self, a: usize, b: usize, i: usize) -> PairKey {
        let puzzle = self.puzzle;
        let clue = |c: usize| -> ClueKey {
            let info = &puzzle.clues[c];
            let members = info
                .members
                .iter()
                .map(|&m| (puzzle.cells[m], self.known[m].is_none()))
                .collect();
            (info.at, info.hint, info.count, members)
        };
        (clue(a), clue(b), puzzle.cells[i])
    }

    /// [`View::pair_forces`], asked in this view.
    fn ask_pair(&self, a: usize, b: usize, i: usize) -> bool {
        let pair = (a.min(b), a.max(b));
        if self
            .pair_free
            .borrow()
            .get(&pair)
            .is_some_and(|free| free.contains(&i))
        {
            return false;
        }
        let mut checker = self.checker.borrow_mut();
        let checker =
            checker.get_or_insert_with(|| ExactChecker::new(self.puzzle, self.known, &self.visible));
        match checker.check(&[a, b], false, Some(i), PAIR_NODES) {
            Check::Forced { used, .. } => used.len() == 2,
            Check::Free => {
                let puzzle = self.puzzle;
                let flipped = checker
                    .model()
                    .filter(|&(m, blue)| blue != puzzle.blue[m])
                    .map(|(m, _)| m);
                self.pair_free
                    .borrow_mut()
                    .entry(pair)
                    .or_default()
                    .extend(flipped);
                false
            }
            Check::Unknown => false,
        }
    }

    /// The hidden members of the clues seen, each once, in cell order.
    pub(crate) fn scope(&self) -> Vec<usize> {
        (0..self.clues_at.len())
            .filter(|&m| !self.clues_of(m).is_empty())
            .collect()
    }

    /// The parts inside clue `a`'s hidden cells of the visible clues that share
    /// some of them.
    pub(super) fn parts_in(&self, a: usize) -> &[Part] {
        self.parts_in[a].get_or_init(|| {
            let mut outer = vec![false; self.puzzle.cells.len()];
            for &m in self.open(a) {
                outer[m] = true;
            }
            self.neighbours(a)
                .iter()
                .filter_map(|&b| part(b, self.open(b), self.need[b], &outer))
                .collect()
        })
    }

    /// Every visible clue with hidden cells as a part of all hidden cells.
    pub(super) fn parts_everywhere(&self) -> &[Part] {
        self.parts_everywhere.get_or_init(|| {
            let everywhere = vec![true; self.puzzle.cells.len()];
            self.visible
                .iter()
                .filter_map(|&c| part(c, self.open(c), self.need[c], &everywhere))
                .collect()
        })
    }

    /// The counter's packings of all visible clues, made by `make` on first need.
    pub(super) fn counter_packs(&self, make: impl FnOnce() -> CounterPacks) -> &CounterPacks {
        self.counter_packs.get_or_init(make)
    }

    /// The counter's packing (for `blue`) of the visible clues but those hidden
    /// cell `i` is in, made by `make` on first need for those clues.
    pub(super) fn counter_pack_without(
        &self,
        i: usize,
        blue: bool,
        make: impl FnOnce() -> Option<Vec<Part>>,
    ) -> Option<Vec<Part>> {
        let key = (self.clues_of(i).to_vec(), blue);
        if let Some(packed) = self.counter_packs_without.borrow().get(&key) {
            return packed.clone();
        }
        let packed = make();
        self.counter_packs_without
            .borrow_mut()
            .insert(key, packed.clone());
        packed
    }

    /// The visible clues that share a hidden cell with clue `c`, each once, in
    /// order (the rules ask for them once per cell of the clue).
    pub(crate) fn neighbours(&self, c: usize) -> &[usize] {
        self.neighbours[c].get_or_init(|| {
            let mut out: Vec<usize> = self
                .open(c)
                .iter()
                .flat_map(|&m| self.clues_of(m).iter().copied())
                .filter(|&d| d != c)
                .collect();
            out.sort_unstable();
            out.dedup();
            out
        })
    }

    /// `words()` when the rules put their findings in words, else nothing.
    pub(crate) fn say(&self, words: impl FnOnce() -> String) -> String {
        if self.texts {
            words()
        } else {
            String::new()
        }
    }

    /// How clue `c` reads on screen: `S13 = 0`, `flower O13 = 4`, `column K7 = {3}`.
    pub(crate) fn label(&self, c: usize) -> String {
        let clue = &self.puzzle.clues[c];
        let shown = clue.hint.display(clue.count);
        let at = name(clue.at);
        match clue.kind {
            ClueKind::Neighbours => format!("{at} = {shown}"),
            ClueKind::Flower => format!("flower {at} = {shown}"),
            ClueKind::Column => format!("column {at} = {shown}"),
        }
    }

    /// How the counter reads on screen: `remaining = 4`.
    pub(crate) fn counter_label(&self) -> String {
        format!("remaining = {}", self.remaining)
    }

    /// The Hexix name of cell `i`.
    pub(crate) fn cell(&self, i: usize) -> String {
        name(self.puzzle.cells[i])
    }

    /// Whether clue `c` states that its blue cells are together (`Some(true)`) or
    /// not (`Some(false)`); `None` for a plain count.
    pub(crate) fn together(&self, c: usize) -> Option<bool> {
        match self.puzzle.clues[c].shape {
            ClueShape::Count => None,
            ClueShape::Line { together } | ClueShape::Ring { together, .. } => Some(together),
        }
    }
}

/// `A`, `A and B`, `A, B and C`.
pub(crate) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// `1 blue`, `2 blue`; `1 cell`, `2 cells`.
pub(crate) fn cells(n: usize) -> String {
    if n == 1 {
        "1 cell".to_string()
    } else {
        format!("{n} cells")
    }
}
