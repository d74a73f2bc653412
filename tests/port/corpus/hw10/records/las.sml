(* Homework 10, Tasks 5.7 and 5.8.
 * A run is kept as a record {count, elem} while we walk the list view. *)
structure LookAndSay =
struct
  infixr 5 :::
  fun x ::: s = Seq.cons x s

  type 'a run = {count : int, elem : 'a}

  (* look_and_say : ('a * 'a -> bool) -> 'a Seq.seq -> (int * 'a) Seq.seq
   * REQUIRES: eq is an equivalence relation
   * ENSURES: one (k, x) per maximal run of k eq-equal elements, in order; x is the
   *          run's first element *)
  fun look_and_say (eq : 'a * 'a -> bool) (s : 'a Seq.seq) : (int * 'a) Seq.seq =
      let
        (* walk : 'a run -> 'a Seq.lview -> (int * 'a) Seq.seq *)
        fun walk ({count, elem} : 'a run) (v : 'a Seq.lview) : (int * 'a) Seq.seq =
            case v of
                Seq.Nil => Seq.singleton (count, elem)
              | Seq.Cons (y, rest) =>
                  if eq (elem, y) then walk {count = count + 1, elem = elem} (Seq.showl rest)
                  else (count, elem) ::: walk {count = 1, elem = y} (Seq.showl rest)
      in
        case Seq.showl s of
            Seq.Nil => Seq.empty ()
          | Seq.Cons (x, rest) => walk {count = 1, elem = x} (Seq.showl rest)
      end

  (* las_wrap : ('a * 'a -> bool) -> 'a Seq.seq -> (int * 'a) Seq.seq
   * REQUIRES: eq is an equivalence relation
   * ENSURES: look_and_say of s read as a cycle: when the first and the last runs are one
   *          run around the end, that run comes first (its element: s's first) *)
  fun las_wrap (eq : 'a * 'a -> bool) (s : 'a Seq.seq) : (int * 'a) Seq.seq =
      let
        val runs = look_and_say eq s
        val k = Seq.length runs
      in
        if k < 2 then runs
        else
          let
            val (c0, x0) = Seq.nth 0 runs
            val (cl, xl) = Seq.nth (k - 1) runs
            val middle = Seq.drop 1 (Seq.take (k - 1) runs)
          in
            if eq (x0, xl) then (c0 + cl, x0) ::: middle else runs
          end
      end

  val [(2, 1), (1, 2)] = Seq.toList (las_wrap (op =) (Seq.fromList [1, 2, 1]))
  val [(3, 5)] = Seq.toList (look_and_say (op =) (Seq.fromList [5, 5, 5]))
end
