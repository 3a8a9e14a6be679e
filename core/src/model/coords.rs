//! Grid positions and the hexagonal geometry of Hexcells levels.
//!
//! A level is a 33 x 33 grid of two-character groups. Hexagons sit on every other
//! position: the six neighbours of `(x, y)` are `(x, y-2)`, `(x+1, y-1)`,
//! `(x+1, y+1)`, `(x, y+2)`, `(x-1, y+1)` and `(x-1, y-1)`, clockwise from north,
//! as the SixCells editor defines them.

/// Width and height of the grid of a "Hexcells level v1" file.
pub const GRID_SIZE: u8 = 33;

/// A position on the 33 x 33 grid. `x` is the group index in a grid line, `y` the
/// grid line index, both from 0. Only positions inside the grid can be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    // Field order gives row-major ordering: (y, x).
    y: u8,
    x: u8,
}

/// Offsets of the six neighbours, clockwise from north.
pub const NEIGHBOUR_OFFSETS: [(i8, i8); 6] = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)];

/// Offsets of the twelve positions at distance two, clockwise from north.
pub const OUTER_RING_OFFSETS: [(i8, i8); 12] = [
    (0, -4),
    (1, -3),
    (2, -2),
    (2, 0),
    (2, 2),
    (1, 3),
    (0, 4),
    (-1, 3),
    (-2, 2),
    (-2, 0),
    (-2, -2),
    (-1, -3),
];

impl Pos {
    /// The position `(x, y)`, or `None` when it lies outside the grid.
    pub fn new(x: i32, y: i32) -> Option<Pos> {
        let size = i32::from(GRID_SIZE);
        if (0..size).contains(&x) && (0..size).contains(&y) {
            Some(Pos {
                x: x as u8,
                y: y as u8,
            })
        } else {
            None
        }
    }

    /// Group index in the grid line, from 0.
    pub fn x(self) -> u8 {
        self.x
    }

    /// Grid line index, from 0.
    pub fn y(self) -> u8 {
        self.y
    }

    /// Index of this position in a row-major 33 x 33 array.
    pub fn index(self) -> usize {
        usize::from(self.y) * usize::from(GRID_SIZE) + usize::from(self.x)
    }

    /// The position with the given row-major index, if it is inside the grid.
    pub fn from_index(index: usize) -> Option<Pos> {
        let size = usize::from(GRID_SIZE);
        if index < size * size {
            Some(Pos {
                x: (index % size) as u8,
                y: (index / size) as u8,
            })
        } else {
            None
        }
    }

    /// Every position of the grid, row by row.
    pub fn all() -> impl Iterator<Item = Pos> {
        (0..usize::from(GRID_SIZE) * usize::from(GRID_SIZE)).filter_map(Pos::from_index)
    }

    /// The position moved by `(dx, dy)`, if still inside the grid.
    pub fn offset(self, dx: i32, dy: i32) -> Option<Pos> {
        Pos::new(i32::from(self.x) + dx, i32::from(self.y) + dy)
    }

    /// The lattice parity: hexagons that can touch each other share it.
    pub fn parity(self) -> u8 {
        (self.x + self.y) % 2
    }

    /// The six neighbour positions, clockwise from north; `None` where the ring
    /// leaves the grid.
    pub fn neighbours(self) -> [Option<Pos>; 6] {
        NEIGHBOUR_OFFSETS.map(|(dx, dy)| self.offset(dx.into(), dy.into()))
    }

    /// The 18 positions within distance two (a blue cell's flower), inner ring
    /// first, each ring clockwise from north; positions outside the grid are left out.
    pub fn flower(self) -> impl Iterator<Item = Pos> {
        NEIGHBOUR_OFFSETS
            .iter()
            .chain(OUTER_RING_OFFSETS.iter())
            .filter_map(move |&(dx, dy)| self.offset(dx.into(), dy.into()))
    }

    /// Hexagonal distance between two positions of the same parity.
    pub fn distance(self, other: Pos) -> u32 {
        let dx = (i32::from(self.x) - i32::from(other.x)).unsigned_abs();
        let dy = (i32::from(self.y) - i32::from(other.y)).unsigned_abs();
        dx + dy.saturating_sub(dx) / 2
    }
}

/// The direction a column number points in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// `\`: down and to the right, at -60 degrees from vertical.
    DownRight,
    /// `|`: straight down.
    Down,
    /// `/`: down and to the left, at 60 degrees from vertical.
    DownLeft,
}

impl Direction {
    /// The grid step from one ray position to the next.
    pub fn step(self) -> (i32, i32) {
        match self {
            Direction::DownRight => (1, 1),
            Direction::Down => (0, 1),
            Direction::DownLeft => (-1, 1),
        }
    }

    /// The character that marks this direction in the text format.
    pub fn symbol(self) -> char {
        match self {
            Direction::DownRight => '\\',
            Direction::Down => '|',
            Direction::DownLeft => '/',
        }
    }

    /// The angle of the ray in degrees, as SixCells stores it (-60, 0 or 60).
    pub fn angle(self) -> i32 {
        match self {
            Direction::DownRight => -60,
            Direction::Down => 0,
            Direction::DownLeft => 60,
        }
    }

    /// The direction with the given SixCells angle.
    pub fn from_angle(angle: i32) -> Option<Direction> {
        match angle {
            -60 => Some(Direction::DownRight),
            0 => Some(Direction::Down),
            60 => Some(Direction::DownLeft),
            _ => None,
        }
    }

    /// Positions along the ray from `origin` (not included), nearest first, until
    /// the ray leaves the grid.
    pub fn ray(self, origin: Pos) -> impl Iterator<Item = Pos> {
        let (dx, dy) = self.step();
        std::iter::successors(origin.offset(dx, dy), move |p| p.offset(dx, dy))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_are_at_distance_one_and_flower_has_eighteen() {
        let centre = Pos::new(10, 10).unwrap();
        for n in centre.neighbours().into_iter().flatten() {
            assert_eq!(centre.distance(n), 1);
            assert_eq!(n.parity(), centre.parity());
        }
        let flower: Vec<_> = centre.flower().collect();
        assert_eq!(flower.len(), 18);
        assert!(flower.iter().all(|p| (1..=2).contains(&centre.distance(*p))));
        let mut unique = flower.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 18);
    }

    #[test]
    fn rays_stop_at_the_grid_edge() {
        let origin = Pos::new(30, 0).unwrap();
        assert_eq!(Direction::DownRight.ray(origin).count(), 2);
        assert_eq!(Direction::Down.ray(origin).count(), 32);
        assert_eq!(Direction::DownLeft.ray(origin).count(), 30);
    }

    #[test]
    fn positions_outside_the_grid_do_not_exist() {
        assert!(Pos::new(-1, 0).is_none());
        assert!(Pos::new(0, 33).is_none());
        assert_eq!(Pos::from_index(Pos::new(4, 7).unwrap().index()), Pos::new(4, 7));
    }
}
