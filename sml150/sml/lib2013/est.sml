(* The 2013 estimates: an int, TRANSPARENTLY (a Riskless estimate may compute an int and
 * return it as its Est.est, as 2013 solutions do). minnie_wins is the least int,
 * maxie_wins the greatest, draw = 0 = guess 0. toString: "Minnie wins!", "Maxie wins!",
 * "It's a draw!", "Guess: 3", "Guess: ~2" (the same texts as ../hw11lib/est.sml). *)
signature EST =
sig
  type est
  val minnie_wins : est
  val maxie_wins : est
  val draw : est
  val guess : est -> est          (* est is int: guess n = n *)
  val compare : est * est -> order
  val toString : est -> string
end

structure Estimate : EST =
struct
  type est = int
  val minnie_wins = valOf Int.minInt
  val maxie_wins = valOf Int.maxInt
  val draw = 0
  fun guess (n : est) = n
  val compare = Int.compare
  fun toString (e : est) =
      if e = minnie_wins then "Minnie wins!"
      else if e = maxie_wins then "Maxie wins!"
      else if e = draw then "It's a draw!"
      else "Guess: " ^ Int.toString e
end
