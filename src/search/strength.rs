//! Playing strength limiting (`UCI_LimitStrength`, `UCI_Elo`, `Skill Level`), made to lose the way a weaker
//! player loses: a node budget that grows with the rating, so a weak level misses deeper
//! tactics, and a move drawn among the best few by their scores with a temperature that falls
//! with the rating, never more than a cap worse than the best, so it prefers plausible moves
//! instead of throwing pieces away. The budget is in nodes, never time: the same level plays
//! the same way at any time control and on a loaded machine. Some things hold at every level:
//! a mate in one is played, an obvious recapture is made, and against a lone king the search
//! plays its best with one budget large enough to mate. The randomness comes from a seed the
//! caller gives each search, so a game can be replayed.
//!
//! The rating scale ([`ELO_SCALE`]) is measured, not guessed: `uci-scripts/calibrate-elo.py`
//! plays the levels against Stockfish 15.1 at the same `UCI_Elo` (and, below Stockfish's floor
//! of 1350, against the level above) and writes the table anew.

use super::params::INFINITE;
use super::rng::SplitMix64;
use super::tt::TranspositionTable;
use super::{
    search_continuing, Histories, Report, ScoredMove, SearchControl, SearchJob, SearchResult,
};
use crate::chess::{Position, Square};
use crate::eval::lone_king::bare_king_side;

/// Lowest `UCI_Elo`.
pub const MIN_ELO: i32 = 800;
/// Highest `UCI_Elo`.
pub const MAX_ELO: i32 = 2400;
/// `UCI_Elo` until the user sets one.
pub const DEFAULT_ELO: i32 = 1500;

/// Highest `Skill Level`: full strength, as in Stockfish.
pub const MAX_SKILL_LEVEL: i32 = 20;

/// The `UCI_Elo` that `Skill Level` `level` plays at, `None` at [`MAX_SKILL_LEVEL`] (full
/// strength). The levels below it split the calibrated range evenly: 0 plays as [`MIN_ELO`]
/// and each level adds 80, to 2320 at level 19. So the GUIs that offer only a skill level
/// (0-20, Stockfish's scale) reach the same measured ratings as `UCI_Elo`.
pub fn elo_for_skill_level(level: i32) -> Option<i32> {
    let level = level.clamp(0, MAX_SKILL_LEVEL);
    (level < MAX_SKILL_LEVEL).then(|| MIN_ELO + level * (MAX_ELO - MIN_ELO) / MAX_SKILL_LEVEL)
}

/// `(UCI_Elo, skill)`: the skill (see [`Level::from_skill`]) that plays at each rating, in
/// rising order; ratings between rows are interpolated. Written by
/// `uci-scripts/calibrate-elo.py` or set from its matches; the data behind it is in the commit
/// that last changed it.
pub const ELO_SCALE: [(i32, f64); 9] = [
    (800, -6.30),
    (1000, 0.00),
    (1200, 6.90),
    (1400, 8.50),
    (1600, 10.20),
    (1800, 11.40),
    (2000, 14.18),
    (2200, 17.07),
    (2400, 20.10),
];

/// How many of the best root moves a weakened search scores and may choose from, from skill
/// 0 up: at every level up to the top, so that the rating rises evenly with the skill.
pub const CANDIDATES: usize = 4;

/// How many at the lowest skill.
pub const MAX_CANDIDATES: usize = 12;

/// Skill from which the best move is always played.
const FULL_SKILL: f64 = 20.0;

/// The lowest skill: a temperature of 400 cp, a nearly even choice among the candidates.
const MIN_SKILL: f64 = -20.0;

/// The cap at the lowest skill: a minor piece and a half, never a rook.
const MAX_LOSS_CAP: f64 = 450.0;

/// Node budget of every level against a lone king: enough to drive it to the edge and mate
/// with a queen or a rook from any start within the fifty-move rule. The same for all levels,
/// so every level plays these endings alike.
pub const LONE_KING_NODES: u64 = 20_000;

/// Scores beyond this are mates; clamping them keeps the softmax finite.
const SCORE_CLAMP: i32 = 3000;

/// What one level does: its budget, its candidates, its temperature and its cap.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// Nodes after which no new iteration starts.
    pub nodes: u64,
    /// How many of the best root moves it scores and may choose from. The top levels, whose
    /// cap is 0, still score [`CANDIDATES`]: the lines cost depth, and one line where the cap
    /// reached 0 made the rating leap there (one line at skill 19.50 played about 230 Elo
    /// above four at 18.52).
    pub candidates: usize,
    /// Softmax temperature in centipawns: a move this much worse than another is e times
    /// less likely.
    pub temperature: f64,
    /// No move scored this many centipawns below the best is chosen.
    pub max_loss: i32,
}

impl Level {
    /// The level of `skill`: a node budget of `2^skill` (one node below skill 0: a search
    /// of one ply and captures); the temperature and the cap grow with the square of the
    /// skill short of [`FULL_SKILL`], from nothing at full skill to 100 cp and 250 cp at
    /// skill 0. So strong levels seldom leave the best move and weak ones often do. The
    /// budget cannot fall below one node, so below skill 0 the temperature keeps growing and
    /// the choice widens, straight to [`MIN_SKILL`]: from [`CANDIDATES`] to
    /// [`MAX_CANDIDATES`] moves, and a cap from 250 cp to [`MAX_LOSS_CAP`], as a beginner
    /// sometimes overlooks a threat to a minor piece but seldom to a rook.
    pub fn from_skill(skill: f64) -> Level {
        let skill = skill.clamp(MIN_SKILL, 40.0);
        let weakness = ((FULL_SKILL - skill) / FULL_SKILL).max(0.0).powi(2);
        let below_zero = skill.min(0.0) / MIN_SKILL;
        let extra_candidates = (MAX_CANDIDATES - CANDIDATES) as f64 * below_zero;
        let max_loss =
            (250.0 * weakness.min(1.0) + (MAX_LOSS_CAP - 250.0) * below_zero).round() as i32;
        Level {
            nodes: skill.max(0.0).exp2().round() as u64,
            candidates: CANDIDATES + extra_candidates.round() as usize,
            temperature: (100.0 * weakness).max(0.1),
            max_loss,
        }
    }

    /// The level that plays at `elo` on the calibrated scale.
    pub fn for_elo(elo: i32) -> Level {
        Level::from_skill(skill_for_elo(elo))
    }
}

/// The skill of `elo`, interpolated in [`ELO_SCALE`] (its ends beyond it).
pub fn skill_for_elo(elo: i32) -> f64 {
    let (first, last) = (ELO_SCALE[0], ELO_SCALE[ELO_SCALE.len() - 1]);
    if elo <= first.0 {
        return first.1;
    }
    ELO_SCALE
        .windows(2)
        .find(|pair| elo <= pair[1].0)
        .map_or(last.1, |pair| {
            let ((elo0, skill0), (elo1, skill1)) = (pair[0], pair[1]);
            skill0 + (skill1 - skill0) * f64::from(elo - elo0) / f64::from(elo1 - elo0)
        })
}

/// Searches `job` weakened to `strength`, or at full strength without one. The level wraps
/// the full-strength search (a narrower job, then a choice among its lines); the search
/// itself knows nothing of levels.
pub fn search_at(
    strength: Option<&Strength>,
    job: &SearchJob,
    tt: &TranspositionTable,
    histories: &mut Histories,
    control: &SearchControl,
    report: &(dyn Fn(&Report) + Sync),
) -> SearchResult {
    match strength {
        Some(strength) => strength.search(job, tt, histories, control, report),
        None => search_continuing(job, tt, histories, control, report),
    }
}

/// A request to play at a given rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// The rating to play at (`UCI_Elo`).
    pub elo: i32,
    /// Seed of this search's choice.
    pub seed: u64,
    /// The square of the opponent's last move, if it was a capture: taking back there is
    /// never left out.
    pub last_capture: Option<Square>,
}

impl Strength {
    /// The weakened search: one thread, the level's candidate lines (reporting only the job's
    /// MultiPV lines) within the level's node budget and the job's own limits, then the
    /// choice of [`Strength::choose`].
    pub fn search(
        &self,
        job: &SearchJob,
        tt: &TranspositionTable,
        histories: &mut Histories,
        control: &SearchControl,
        report: &(dyn Fn(&Report) + Sync),
    ) -> SearchResult {
        let level = Level::for_elo(self.elo);
        let lone_king = bare_king_side(&job.root) == Some(job.root.side_to_move().flip());
        let (budget, lines) = if lone_king {
            (LONE_KING_NODES, 1)
        } else {
            (level.nodes, level.candidates)
        };
        let mut limits = job.limits.clone();
        let budget = limits.nodes.map_or(budget, |nodes| nodes.min(budget));
        limits.soft_nodes = Some(limits.soft_nodes.map_or(budget, |soft| soft.min(budget)));
        // A safety net only: the iteration after the soft limit costs a few times more.
        let hard = budget.saturating_mul(8).saturating_add(10_000);
        limits.nodes = Some(limits.nodes.map_or(hard, |nodes| nodes.min(hard)));
        let inner = SearchJob {
            root: job.root,
            game_keys: job.game_keys.clone(),
            limits,
            multipv: job.multipv.max(lines),
            threads: 1,
            net: job.net.clone(),
            // A player of a rating knows no tablebases: endings are played from the board.
            tablebase: None,
        };
        let shown = job.multipv.max(1);
        let filtered = |line: &Report| {
            if line.multipv <= shown {
                report(line);
            }
        };
        let mut result = search_continuing(&inner, tt, histories, control, &filtered);
        let chosen = if lone_king {
            None
        } else {
            self.choose(&job.root, &result.lines, level)
        };
        if let Some(chosen) = chosen.filter(|chosen| Some(chosen.mv) != result.best) {
            result.best = Some(chosen.mv);
            result.score = chosen.score;
            result.ponder = None;
        }
        result.lines.truncate(shown);
        result
    }

    /// The move to play among `lines` (best first) at `level`: a mate in one; else a
    /// recapture on the square of the opponent's last capture if the search likes it best;
    /// else one of the level's candidates within its cap, drawn with weights
    /// `exp((score - best) / temperature)`. `None` without lines.
    pub fn choose(
        &self,
        root: &Position,
        lines: &[ScoredMove],
        level: Level,
    ) -> Option<ScoredMove> {
        let best = *lines.first()?;
        if let Some(mate) = root.mate_in_one() {
            let score = lines
                .iter()
                .find(|line| line.mv == mate)
                .map_or(best.score, |line| line.score);
            return Some(ScoredMove { mv: mate, score });
        }
        if best.mv.is_capture() && Some(best.mv.to()) == self.last_capture {
            return Some(best);
        }
        let clamp = |score: i32| score.clamp(-SCORE_CLAMP, SCORE_CLAMP);
        let top = clamp(best.score);
        let candidates: Vec<(ScoredMove, f64)> = lines
            .iter()
            .take(level.candidates)
            .filter(|line| line.score > -INFINITE && top - clamp(line.score) <= level.max_loss)
            .map(|&line| {
                let loss = f64::from(top - clamp(line.score));
                (line, (-loss / level.temperature).exp())
            })
            .collect();
        let total: f64 = candidates.iter().map(|(_, weight)| weight).sum();
        let mut draw = SplitMix64::new(self.seed).unit() * total;
        for &(line, weight) in &candidates {
            if draw < weight {
                return Some(line);
            }
            draw -= weight;
        }
        Some(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Move;
    use crate::rules::parse_uci_move;

    fn scored(pos: &Position, mv: &str, score: i32) -> ScoredMove {
        ScoredMove {
            mv: parse_uci_move(pos, mv, false).expect("legal"),
            score,
        }
    }

    #[test]
    fn the_scale_rises_and_interpolates() {
        assert!(ELO_SCALE
            .windows(2)
            .all(|pair| pair[0].0 < pair[1].0 && pair[0].1 < pair[1].1));
        assert_eq!(skill_for_elo(MIN_ELO - 500), ELO_SCALE[0].1);
        assert_eq!(
            skill_for_elo(MAX_ELO + 500),
            ELO_SCALE[ELO_SCALE.len() - 1].1
        );
        let (elo0, skill0) = ELO_SCALE[3];
        let (elo1, skill1) = ELO_SCALE[4];
        let middle = skill_for_elo((elo0 + elo1) / 2);
        assert!((middle - (skill0 + skill1) / 2.0).abs() < 1e-9);
        let weak = Level::for_elo(MIN_ELO);
        let strong = Level::for_elo(MAX_ELO);
        assert!(weak.nodes < strong.nodes);
        assert!(weak.temperature > strong.temperature && weak.max_loss > strong.max_loss);
        assert_eq!(Level::from_skill(10.0).nodes, 1024);
        assert_eq!(Level::from_skill(0.0).max_loss, 250);
        assert_eq!(Level::from_skill(0.0).candidates, CANDIDATES);
        assert_eq!((strong.candidates, strong.max_loss), (CANDIDATES, 0));
        let lowest = Level::from_skill(MIN_SKILL - 10.0);
        assert_eq!((lowest.candidates, lowest.max_loss), (MAX_CANDIDATES, 450));
    }

    #[test]
    fn choices_stay_within_the_cap_and_follow_the_seed() {
        let pos = Position::startpos();
        let lines = [
            scored(&pos, "e2e4", 30),
            scored(&pos, "d2d4", 25),
            scored(&pos, "g1f3", 20),
            scored(&pos, "a2a3", -400),
        ];
        let level = Level::from_skill(5.0);
        let choose = |seed| {
            Strength {
                elo: 1000,
                seed,
                last_capture: None,
            }
            .choose(&pos, &lines, level)
            .map(|line| line.mv)
        };
        let chosen: Vec<Option<Move>> = (0..200).map(choose).collect();
        assert!(chosen
            .iter()
            .all(|&mv| mv.is_some() && mv != Some(lines[3].mv)));
        for line in &lines[..3] {
            assert!(chosen.contains(&Some(line.mv)), "{line:?} never chosen");
        }
        assert_eq!(chosen, (0..200).map(choose).collect::<Vec<_>>());
    }

    #[test]
    fn mates_in_one_and_recaptures_are_always_played() {
        // Qg7# is on the board, and the search (say) preferred another move.
        let pos = Position::from_fen("7k/8/5KQ1/8/8/8/8/8 w - - 0 1").expect("fen");
        let lines = [scored(&pos, "g6h6", 50), scored(&pos, "g6g7", 40)];
        let level = Level::from_skill(0.0);
        for seed in 0..50 {
            let strength = Strength {
                elo: MIN_ELO,
                seed,
                last_capture: None,
            };
            let chosen = strength.choose(&pos, &lines, level).expect("a move");
            assert_eq!(chosen.mv.to_uci(false), "g6g7");
        }
        // Black has just taken on d5 (with a knight that can be taken back), and the level
        // would sometimes choose Nf3 if that were allowed.
        let recapture = Strength {
            elo: MIN_ELO,
            seed: 0,
            last_capture: Some(Square::D5),
        };
        let pos = Position::from_fen("rnbqkb1r/ppp2ppp/8/3n4/8/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 4")
            .expect("fen");
        let lines = [scored(&pos, "c3d5", 300), scored(&pos, "g1f3", 200)];
        assert!((0..50).all(|seed| {
            let strength = Strength { seed, ..recapture };
            strength.choose(&pos, &lines, level) == Some(lines[0])
        }));
    }
}
