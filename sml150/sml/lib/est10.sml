(* HW10 estimates: datatype est = MinnieWins | Guess of int | MaxieWins,
 * ordered MinnieWins < Guess n (by n) < MaxieWins; printed "Guess:3", "Guess:~2". *)
signature EST =
sig
  datatype est = MinnieWins | Guess of int | MaxieWins
  val compare : est * est -> order
  val toString : est -> string
end

structure Est : EST =
struct
  datatype est = MinnieWins | Guess of int | MaxieWins

  fun compare (MinnieWins, MinnieWins) = EQUAL
    | compare (MinnieWins, _) = LESS
    | compare (_, MinnieWins) = GREATER
    | compare (MaxieWins, MaxieWins) = EQUAL
    | compare (MaxieWins, _) = GREATER
    | compare (_, MaxieWins) = LESS
    | compare (Guess a, Guess b) = Int.compare (a, b)

  fun toString MinnieWins = "Minnie wins!"
    | toString MaxieWins = "Maxie wins!"
    | toString (Guess n) = "Guess:" ^ Int.toString n
end
