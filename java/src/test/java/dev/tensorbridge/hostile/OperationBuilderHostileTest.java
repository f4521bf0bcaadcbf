package dev.tensorbridge.hostile;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.DataType;
import org.tensorflow.EagerSession;
import org.tensorflow.Operation;
import org.tensorflow.OperationBuilder;
import org.tensorflow.Output;
import org.tensorflow.Tensor;
import org.tensorflow.Shape;
import org.tensorflow.op.Scope;
import org.tensorflow.op.core.Constant;

/**
 * The {@link OperationBuilder} interface, through the builders of {@code EagerSession.opBuilder}
 * (docs/contracts/eager.md#operationbuilder). Attribute validation messages are project-defined
 * (class checked only), except the int32 mask range message.
 */
class OperationBuilderHostileTest {
  private static final Class<IllegalArgumentException> IAE = IllegalArgumentException.class;
  private static final Class<IllegalStateException> ISE = IllegalStateException.class;
  private static final String BUILT = "Operation has already been built";

  /** Runs {@code body} on a fresh builder of {@code type} in a fresh session, then builds. */
  private static void build(String type, Consumer<Ctx> body) {
    try (EagerSession s = EagerSession.create()) {
      Ctx ctx = new Ctx(s, s.opBuilder(type, type));
      body.accept(ctx);
      ctx.builder.build();
    }
  }

  private static final class Ctx {
    final EagerSession session;
    final Scope scope;
    final OperationBuilder builder;

    Ctx(EagerSession session, OperationBuilder builder) {
      this.session = session;
      this.scope = new Scope(session);
      this.builder = builder;
    }

    Output<Integer> ints(int... v) {
      return Constant.create(scope, v).asOutput();
    }
  }

  private static Tensor<Integer> closedTensor() {
    Tensor<Integer> t = Tensor.create(new int[] {1}, Integer.class);
    t.close();
    return t;
  }

  @TestFactory
  List<DynamicTest> eagerRestrictions() {
    Cases c = new Cases();
    String control = "Control inputs are not supported in an eager execution environment";
    c.fails("addControlInput(op)", UnsupportedOperationException.class, control,
        () -> build("Const", x -> x.builder.addControlInput(x.ints(1).op())));
    c.fails("addControlInput(null)", UnsupportedOperationException.class, control,
        () -> build("Const", x -> x.builder.addControlInput(null)));
    String list = "Tensor list attributes are not supported in eager mode";
    c.fails("setAttr(Tensor[])", UnsupportedOperationException.class, list, () -> build("Const", x -> {
      try (Tensor<Integer> t = Tensor.create(1, Integer.class)) {
        x.builder.setAttr("value", new Tensor<?>[] {t});
      }
    }));
    c.fails("setAttr(null Tensor[])", UnsupportedOperationException.class, list,
        () -> build("Const", x -> x.builder.setAttr("value", (Tensor<?>[]) null)));
    c.fails("setAttr(closed tensor)", ISE, "close() has been called on the Tensor",
        () -> build("Const", x -> x.builder.setAttr("value", closedTensor())));
    c.fails("addInput of a deleted handle", ISE, "Tensor handle has been deleted", () -> {
      EagerSession other = EagerSession.create();
      Output<Integer> gone = Constant.create(new Scope(other), 1).asOutput();
      other.close();
      build("StridedSlice", x -> x.builder.addInput(gone));
    });
    c.fails("addInput(null)", NullPointerException.class, ANY_MESSAGE,
        () -> build("StridedSlice", x -> x.builder.addInput(null)));
    c.fails("addInputList(null)", NullPointerException.class, ANY_MESSAGE,
        () -> build("StridedSlice", x -> x.builder.addInputList(null)));
    c.fails("addInputList with a null element", NullPointerException.class, ANY_MESSAGE,
        () -> build("StridedSlice", x -> x.builder.addInputList(new Output<?>[] {x.ints(1), null})));
    return c.build();
  }

  @TestFactory
  List<DynamicTest> afterBuild() {
    Cases c = new Cases();
    String[] calls = {"build", "addInput", "setAttr(long)", "setAttr(String)", "setAttr(tensor)", "setDevice",
        "addInputList", "setAttr(Shape)"};
    for (String call : calls) {
      c.fails(call + " after build", ISE, BUILT, () -> {
        try (EagerSession s = EagerSession.create();
            Tensor<Integer> v = Tensor.create(1, Integer.class)) {
          OperationBuilder b = s.opBuilder("Const", "c").setAttr("value", v).setAttr("dtype", DataType.INT32);
          Operation op = b.build();
          switch (call) {
            case "build":
              b.build();
              break;
            case "addInput":
              b.addInput(op.output(0));
              break;
            case "setAttr(long)":
              b.setAttr("x", 1L);
              break;
            case "setAttr(String)":
              b.setAttr("x", "y");
              break;
            case "setAttr(tensor)":
              b.setAttr("value", v);
              break;
            case "setDevice":
              b.setDevice("/cpu:0");
              break;
            case "addInputList":
              b.addInputList(new Output<?>[0]);
              break;
            default:
              b.setAttr("shape", Shape.make(1));
          }
        }
      });
    }
    return c.build();
  }

  @TestFactory
  List<DynamicTest> attributeValidationAtBuild() {
    Cases c = new Cases();
    c.fails("Const without attributes", IAE, ANY_MESSAGE, () -> build("Const", x -> { }));
    c.fails("Const without dtype", IAE, ANY_MESSAGE, () -> build("Const", x -> {
      try (Tensor<Integer> t = Tensor.create(1, Integer.class)) {
        x.builder.setAttr("value", t);
      }
    }));
    c.fails("Const without value", IAE, ANY_MESSAGE, () -> build("Const", x -> x.builder.setAttr("dtype", DataType.INT32)));
    c.fails("Const dtype differs from the value", IAE, ANY_MESSAGE, () -> build("Const", x -> {
      try (Tensor<Integer> t = Tensor.create(1, Integer.class)) {
        x.builder.setAttr("value", t).setAttr("dtype", DataType.FLOAT);
      }
    }));
    c.fails("Const value given as a string", IAE, ANY_MESSAGE,
        () -> build("Const", x -> x.builder.setAttr("value", "1").setAttr("dtype", DataType.INT32)));
    c.fails("Const dtype given as a long", IAE, ANY_MESSAGE, () -> build("Const", x -> {
      try (Tensor<Integer> t = Tensor.create(1, Integer.class)) {
        x.builder.setAttr("value", t).setAttr("dtype", 3L);
      }
    }));
    c.fails("Const with an unknown attribute", IAE, ANY_MESSAGE, () -> build("Const", x -> {
      try (Tensor<Integer> t = Tensor.create(1, Integer.class)) {
        x.builder.setAttr("value", t).setAttr("dtype", DataType.INT32).setAttr("bogus", true);
      }
    }));
    c.fails("Const with a null attribute name", IAE, ANY_MESSAGE, () -> build("Const", x -> {
      try (Tensor<Integer> t = Tensor.create(1, Integer.class)) {
        x.builder.setAttr("value", t).setAttr("dtype", DataType.INT32).setAttr((String) null, 1L);
      }
    }));
    c.fails("Const with an input", IAE, ANY_MESSAGE, () -> build("Const", x -> {
      try (Tensor<Integer> t = Tensor.create(1, Integer.class)) {
        x.builder.setAttr("value", t).setAttr("dtype", DataType.INT32).addInput(x.ints(1));
      }
    }));
    c.fails("StridedSlice with no inputs", IAE, ANY_MESSAGE, () -> build("StridedSlice", x -> { }));
    c.fails("StridedSlice with 3 inputs", IAE, ANY_MESSAGE, () -> build("StridedSlice", x -> {
      Output<Integer> i = x.ints(0);
      x.builder.addInput(x.ints(1, 2)).addInput(i).addInput(i);
    }));
    c.fails("StridedSlice with 5 inputs", IAE, ANY_MESSAGE, () -> build("StridedSlice", x -> {
      Output<Integer> i = x.ints(0);
      x.builder.addInputList(new Output<?>[] {x.ints(1, 2), i, i, i, i});
    }));
    String[] masks = {"begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"};
    long[] values = {1L << 32, Integer.MAX_VALUE + 1L, Integer.MIN_VALUE - 1L, Long.MIN_VALUE};
    for (String mask : masks) {
      for (long v : values) {
        c.fails(mask + " = " + v, IAE, "Attr " + mask + " has value " + v + " out of range for an int32",
            () -> build("StridedSlice", x -> {
              Output<Integer> i = x.ints(0);
              x.builder.addInput(x.ints(1, 2)).addInput(i).addInput(i).addInput(i).setAttr(mask, v);
            }));
      }
      c.fails(mask + " given as a float", IAE, ANY_MESSAGE, () -> build("StridedSlice", x -> {
        Output<Integer> i = x.ints(0);
        x.builder.addInput(x.ints(1, 2)).addInput(i).addInput(i).addInput(i).setAttr(mask, 1f);
      }));
    }
    c.fails("StridedSlice T differs from the input", IAE, ANY_MESSAGE, () -> build("StridedSlice", x -> {
      Output<Integer> i = x.ints(0);
      x.builder.addInput(x.ints(1, 2)).addInput(i).addInput(i).addInput(i).setAttr("T", DataType.FLOAT);
    }));
    c.fails("StridedSlice Index differs from begin", IAE, ANY_MESSAGE, () -> build("StridedSlice", x -> {
      Output<Integer> i = x.ints(0);
      x.builder.addInput(x.ints(1, 2)).addInput(i).addInput(i).addInput(i).setAttr("Index", DataType.INT64);
    }));
    c.succeeds("setAttr copies the tensor: closing it right after is fine", () -> {
      try (EagerSession s = EagerSession.create()) {
        Tensor<Integer> t = Tensor.create(new int[] {4, 5}, Integer.class);
        OperationBuilder b = s.opBuilder("Const", "c").setAttr("value", t).setAttr("dtype", DataType.INT32);
        t.close();
        Operation op = b.setDevice(null).build();
        Output<Integer> out = op.output(0);
        assertArrayEquals(new int[] {4, 5}, out.tensor().copyTo(new int[2]));
      }
    });
    c.succeeds("inputs from another open session are accepted", () -> {
      try (EagerSession a = EagerSession.create();
          EagerSession b = EagerSession.create()) {
        Output<Integer> x = Constant.create(new Scope(a), new int[] {7, 8, 9}).asOutput();
        Scope sb = new Scope(b);
        Output<Integer> begin = Constant.create(sb, new int[] {1}).asOutput();
        Output<Integer> end = Constant.create(sb, new int[] {3}).asOutput();
        Output<Integer> one = Constant.create(sb, new int[] {1}).asOutput();
        Operation op = b.opBuilder("StridedSlice", "s").addInput(x).addInput(begin).addInput(end).addInput(one).build();
        Output<Integer> out = op.output(0);
        assertArrayEquals(new int[] {8, 9}, out.tensor().copyTo(new int[2]));
      }
    });
    return c.build();
  }
}
