//! The evaluation graph: one self-contained SVG document with one chart per game, stacked.
//! Each chart draws the score from White's point of view over the game as one polyline, one
//! point per position (the start and after each move), clamped at ±10 pawns with mates on
//! the edge; White's half is light, Black's dark. Inaccuracies, mistakes and blunders are
//! circles on the curve (yellow, orange, red) whose tooltip names the move; the x axis
//! carries move numbers, the y axis pawns. Plain SVG 1.1 with no script, font or link, so it
//! opens in any browser.

use super::analysis::GameAnalysis;
use super::judgement::Judgement;
use crate::chess::Color;
use crate::search::displayed_score::GRAPH_LIMIT_PAWNS;
use std::fmt::Write;

/// Width of a chart, in SVG units (pixels at 100%).
pub const CHART_WIDTH: f64 = 900.0;
/// Height of a chart.
pub const CHART_HEIGHT: f64 = 320.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 44.0;
const BOTTOM: f64 = 44.0;
/// Most move numbers the x axis carries.
const MAX_X_LABELS: usize = 20;

/// One game's chart: the analysis and the title line above it.
pub struct Chart<'a> {
    /// The title (players, result, event).
    pub title: String,
    /// The game's analysis.
    pub analysis: &'a GameAnalysis,
}

/// The SVG document of `charts`, one below the other.
pub fn document(charts: &[Chart<'_>]) -> String {
    let height = CHART_HEIGHT * charts.len().max(1) as f64;
    let mut svg = String::new();
    svg.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{CHART_WIDTH}\" \
         height=\"{height}\" viewBox=\"0 0 {CHART_WIDTH} {height}\" \
         font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(
        svg,
        "<rect width=\"{CHART_WIDTH}\" height=\"{height}\" fill=\"#ffffff\"/>"
    );
    for (index, chart) in charts.iter().enumerate() {
        let offset = CHART_HEIGHT * index as f64;
        let _ = writeln!(
            svg,
            "<g class=\"chart\" transform=\"translate(0 {offset})\">"
        );
        chart_body(&mut svg, chart);
        svg.push_str("</g>\n");
    }
    svg.push_str("</svg>\n");
    svg
}

/// The elements of one chart, in its own coordinates.
fn chart_body(svg: &mut String, chart: &Chart<'_>) {
    let evals = chart.analysis.evals();
    let (plot_width, plot_height) = (CHART_WIDTH - LEFT - RIGHT, CHART_HEIGHT - TOP - BOTTOM);
    let x = |ply: usize| LEFT + plot_width * ply as f64 / (evals.len() - 1).max(1) as f64;
    let y =
        |pawns: f64| TOP + plot_height * (GRAPH_LIMIT_PAWNS - pawns) / (2.0 * GRAPH_LIMIT_PAWNS);
    let middle = y(0.0);
    let _ = writeln!(
        svg,
        "<text class=\"title\" x=\"{LEFT}\" y=\"24\" font-size=\"15\">{}</text>",
        escape(&chart.title)
    );
    let _ = writeln!(
        svg,
        "<rect class=\"white-side\" x=\"{LEFT}\" y=\"{TOP}\" width=\"{plot_width}\" \
         height=\"{}\" fill=\"#f2f2f2\"/>",
        middle - TOP
    );
    let _ = writeln!(
        svg,
        "<rect class=\"black-side\" x=\"{LEFT}\" y=\"{middle}\" width=\"{plot_width}\" \
         height=\"{}\" fill=\"#c8c8c8\"/>",
        TOP + plot_height - middle
    );
    for pawns in [10.0, 5.0, 0.0, -5.0, -10.0] {
        let at = y(pawns);
        let stroke = if pawns == 0.0 { "#555555" } else { "#999999" };
        let _ = writeln!(
            svg,
            "<line x1=\"{LEFT}\" y1=\"{at}\" x2=\"{}\" y2=\"{at}\" stroke=\"{stroke}\" \
             stroke-width=\"0.5\"/>",
            LEFT + plot_width
        );
        let label = if pawns > 0.0 {
            format!("+{pawns}")
        } else {
            format!("{pawns}")
        };
        let _ = writeln!(
            svg,
            "<text class=\"y-label\" x=\"{}\" y=\"{}\" text-anchor=\"end\">{label}</text>",
            LEFT - 6.0,
            at + 4.0
        );
    }
    x_axis(svg, chart.analysis, &x, TOP + plot_height);
    let points: Vec<String> = evals
        .iter()
        .enumerate()
        .map(|(ply, eval)| format!("{:.1},{:.1}", x(ply), y(eval.graph_pawns())))
        .collect();
    let _ = writeln!(
        svg,
        "<polyline class=\"eval\" fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"2\" \
         points=\"{}\"/>",
        points.join(" ")
    );
    for (index, mv) in chart.analysis.moves.iter().enumerate() {
        let Some(judgement) = mv.cost.judgement else {
            continue;
        };
        let (class, colour) = match judgement {
            Judgement::Inaccuracy => ("inaccuracy", "#e6c619"),
            Judgement::Mistake => ("mistake", "#e68a19"),
            Judgement::Blunder => ("blunder", "#d62828"),
        };
        let better = mv
            .best_san
            .as_ref()
            .map_or(String::new(), |best| format!(", {best} was best"));
        let _ = writeln!(
            svg,
            "<circle class=\"{class}\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"5\" fill=\"{colour}\" \
             stroke=\"#000000\" stroke-width=\"0.5\"><title>{}</title></circle>",
            x(index + 1),
            y(mv.eval.graph_pawns()),
            escape(&format!(
                "{} {}{} ({}){better}",
                mv.number(),
                mv.san,
                judgement.symbol(),
                mv.eval
            ))
        );
    }
    legend(svg);
}

/// Move numbers under the plot, at the points after White's moves, every `step` moves.
fn x_axis(svg: &mut String, analysis: &GameAnalysis, x: &dyn Fn(usize) -> f64, bottom: f64) {
    let moves = analysis.moves.len().div_ceil(2);
    let step = [1, 2, 5, 10, 20, 50, 100]
        .into_iter()
        .find(|step| moves / step <= MAX_X_LABELS)
        .unwrap_or(200);
    for (index, mv) in analysis.moves.iter().enumerate() {
        let first = index == 0;
        let numbered = mv.mover == Color::White || first;
        if !numbered || (usize::from(mv.fullmove) % step != 0 && !first) {
            continue;
        }
        let at = x(index + 1);
        let _ = writeln!(
            svg,
            "<text class=\"x-label\" x=\"{at:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            bottom + 16.0,
            mv.fullmove
        );
    }
    let _ = writeln!(
        svg,
        "<text class=\"axis-title\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">move</text>",
        LEFT + (CHART_WIDTH - LEFT - RIGHT) / 2.0,
        bottom + 34.0
    );
}

/// The key to the markers, bottom right, beside the axis title.
fn legend(svg: &mut String) {
    let baseline = CHART_HEIGHT - BOTTOM + 34.0;
    let entries = [
        ("#e6c619", "?! inaccuracy"),
        ("#e68a19", "? mistake"),
        ("#d62828", "?? blunder"),
    ];
    for (index, (colour, text)) in entries.iter().enumerate() {
        let left = CHART_WIDTH - RIGHT - 300.0 + 100.0 * index as f64;
        let _ = writeln!(
            svg,
            "<circle cx=\"{left}\" cy=\"{}\" r=\"5\" fill=\"{colour}\"/>\
             <text x=\"{}\" y=\"{baseline}\">{text}</text>",
            baseline - 4.0,
            left + 9.0
        );
    }
}

/// `text` with the characters XML reserves escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analyse::analysis::MoveAnalysis;
    use crate::analyse::judgement::MoveCost;
    use crate::search::displayed_score::Score;

    #[test]
    fn a_chart_has_one_point_per_position_and_a_marker_per_judged_move() {
        let mv = |fullmove, mover, best, after| MoveAnalysis {
            fullmove,
            san: "Qh5".to_string(),
            mover,
            eval: Score::Centipawns(after),
            cost: MoveCost::of(Score::Centipawns(best), Score::Centipawns(after), false, 78),
            best_san: Some("Nc3".to_string()),
            better_line: None,
        };
        let analysis = GameAnalysis {
            start_eval: Score::Centipawns(20),
            moves: vec![
                mv(1, Color::White, 20, 20),
                mv(1, Color::Black, -20, -20),
                mv(2, Color::White, 20, -1500),
            ],
        };
        let svg = document(&[Chart {
            title: "A & B <1-0>".to_string(),
            analysis: &analysis,
        }]);
        assert!(svg.contains("A &amp; B &lt;1-0&gt;"));
        let polyline = svg
            .lines()
            .find(|line| line.starts_with("<polyline"))
            .expect("a polyline");
        let points = polyline
            .split("points=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .expect("points");
        assert_eq!(points.split(' ').count(), 4);
        // The last point is clamped to the bottom edge: 10 pawns down.
        assert!(points.ends_with(&format!(",{:.1}", CHART_HEIGHT - BOTTOM)));
        assert_eq!(svg.matches("<circle class=\"blunder\"").count(), 1);
        assert!(svg.contains("<title>2. Qh5?? (-15.00), Nc3 was best</title>"));
        assert_eq!(svg.matches("class=\"x-label\"").count(), 2);
    }
}
