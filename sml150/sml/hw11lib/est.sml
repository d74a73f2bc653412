(* HW11 estimates (signatures/EST.sig). The course's Estimate is an int: minnie_wins is the
 * least int, maxie_wins the greatest, draw is 0 (so guess 0 prints as the draw).
 * Printed "Minnie wins!", "Maxie wins!", "It's a draw!", "Guess: 3", "Guess: ~2". *)
signature EST =
sig
  type est
  val minnie_wins : est
  val maxie_wins : est
  val draw : est
  val guess : int -> est
  val compare : est * est -> order
  val toString : est -> string
end

structure Estimate :> EST =
struct
  type est = int
  val minnie_wins = valOf Int.minInt
  val maxie_wins = valOf Int.maxInt
  val draw = 0
  fun guess (n : int) : est = n
  val compare = Int.compare
  fun toString (e : est) : string =
      if e = minnie_wins then "Minnie wins!"
      else if e = maxie_wins then "Maxie wins!"
      else if e = draw then "It's a draw!"
      else "Guess: " ^ Int.toString e
end
