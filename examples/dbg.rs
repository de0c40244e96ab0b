use pantheon::engine::*;
fn walk(pos: &mut Position, depth: u32, path: &mut Vec<String>) {
    if depth == 0 { return; }
    for &m in pos.legal_moves().iter() {
        let s = pos.uci(m);
        let mover = pos.side_to_move();
        let u = pos.make_move(m);
        path.push(s);
        let k = pos.king(mover);
        if pos.attackers_to(k, mover.flip(), pos.occupied()).any() {
            pos.unmake_move(m, u);
            println!("ILLEGAL {} after {:?}", pos.fen(), path);
            std::process::exit(1);
        }
        walk(pos, depth - 1, path);
        path.pop();
        pos.unmake_move(m, u);
    }
}
fn main() {
    let text = std::fs::read_to_string("tests/data/perft/pandemonium_perft.csv").unwrap();
    for line in text.lines().skip(1) {
        let fen = line.split(',').next().unwrap();
        let mut pos = Position::from_fen(Variant::Pandemonium, fen).unwrap();
        walk(&mut pos, 2, &mut vec![]);
    }
}
