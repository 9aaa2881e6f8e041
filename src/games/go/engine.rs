//! The move generator: a uniformly random legal move that never fills one of the
//! player's own true eyes, passing when none is left. The Go engine's playout policy
//! starts from it.

use super::board::Color;
use super::game::{GoGame, Move};
use super::playout::random_move;
use crate::rng::Rng;

pub fn random_genmove(game: &GoGame, color: Color, rng: &mut Rng) -> Move {
    match random_move(game.board(), color, rng, |p| {
        game.is_legal(color, Move::Play(p))
    }) {
        Some(p) => Move::Play(p),
        None => Move::Pass,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::go::RuleSet;

    #[test]
    fn self_play_with_the_generator_ends_in_passes_with_legal_moves_only() {
        let mut rng = Rng::new(42);
        let mut game = GoGame::new(9, RuleSet::Chinese, 7.5);
        let mut moves = 0;
        while !game.is_over() {
            let color = game.to_move();
            let mv = random_genmove(&game, color, &mut rng);
            game.play(color, mv).expect("generated moves are legal");
            moves += 1;
            assert!(moves < 1000, "the game must end");
        }
        assert!(moves > 40);
    }

    #[test]
    fn same_seed_same_moves() {
        let play = |seed| {
            let mut rng = Rng::new(seed);
            let mut game = GoGame::new(9, RuleSet::Japanese, 6.5);
            (0..30)
                .map(|_| {
                    let c = game.to_move();
                    let mv = random_genmove(&game, c, &mut rng);
                    game.play(c, mv).unwrap();
                    mv
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(play(1), play(1));
        assert_ne!(play(1), play(2));
    }
}
