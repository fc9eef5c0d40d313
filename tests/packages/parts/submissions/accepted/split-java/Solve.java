// One program of two classes, each public in its own file: the class with main runs.
import java.util.Scanner;

public class Solve {
    public static void main(String[] args) {
        long n = new Scanner(System.in).nextLong();
        System.out.println(Half.of(n) + " " + (n - Half.of(n)));
    }
}
