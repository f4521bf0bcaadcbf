package dev.tensorbridge;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What one class file refers to, read straight from its bytes (the class file format, chapter 4 of the JVM specification): the classes named in its
 * constant pool, the fields and methods it calls or reads, and every type named in a descriptor
 * (its own members' and its references'). Written here rather than taken from a library so the
 * Android scan has no dependency beyond the JDK.
 */
final class ClassFileReferences {

  /** A field or method of another (or the same) class that the code refers to. */
  static final class MemberRef {
    final String owner;
    final String name;
    final String descriptor;

    MemberRef(String owner, String name, String descriptor) {
      this.owner = owner;
      this.name = name;
      this.descriptor = descriptor;
    }

    @Override
    public String toString() {
      return owner + "." + name + descriptor;
    }
  }

  /** The class's own name, e.g. {@code org/tensorflow/ndarray/Shape}. */
  final String className;
  /** The class-file major version (52 = Java 8). */
  final int majorVersion;
  /** Internal names of every class in the constant pool (array element types unwrapped). */
  final Set<String> classes = new LinkedHashSet<String>();
  /** Every Fieldref, Methodref and InterfaceMethodref. */
  final List<MemberRef> members = new ArrayList<MemberRef>();
  /** Every descriptor: of referenced members, method types, and this class's fields and methods. */
  final Set<String> descriptors = new LinkedHashSet<String>();

  private ClassFileReferences(String className, int majorVersion) {
    this.className = className;
    this.majorVersion = majorVersion;
  }

  // Constant pool tags (JVMS table 4.4-B).
  private static final int UTF8 = 1;
  private static final int INTEGER = 3;
  private static final int FLOAT = 4;
  private static final int LONG = 5;
  private static final int DOUBLE = 6;
  private static final int CLASS = 7;
  private static final int STRING = 8;
  private static final int FIELDREF = 9;
  private static final int METHODREF = 10;
  private static final int INTERFACE_METHODREF = 11;
  private static final int NAME_AND_TYPE = 12;
  private static final int METHOD_HANDLE = 15;
  private static final int METHOD_TYPE = 16;
  private static final int DYNAMIC = 17;
  private static final int INVOKE_DYNAMIC = 18;
  private static final int MODULE = 19;
  private static final int PACKAGE = 20;

  /** Parses a class file; fails on anything that is not a well-formed class file. */
  static ClassFileReferences read(byte[] bytes) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
    if (in.readInt() != 0xCAFEBABE) {
      throw new IOException("not a class file (bad magic)");
    }
    in.readUnsignedShort(); // minor version
    int major = in.readUnsignedShort();

    int count = in.readUnsignedShort();
    int[] tags = new int[count];
    String[] utf8 = new String[count];
    int[] first = new int[count]; // first u2 operand (class name, NameAndType name, ...)
    int[] second = new int[count]; // second u2 operand (NameAndType descriptor, member's N&T)
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      tags[i] = tag;
      switch (tag) {
        case UTF8:
          utf8[i] = in.readUTF(); // same u2-length modified UTF-8 layout as the class file
          break;
        case INTEGER:
        case FLOAT:
          in.readInt();
          break;
        case LONG:
        case DOUBLE:
          in.readLong();
          i++; // eight-byte constants take two slots
          break;
        case CLASS:
        case STRING:
        case METHOD_TYPE:
        case MODULE:
        case PACKAGE:
          first[i] = in.readUnsignedShort();
          break;
        case FIELDREF:
        case METHODREF:
        case INTERFACE_METHODREF:
        case NAME_AND_TYPE:
        case DYNAMIC:
        case INVOKE_DYNAMIC:
          first[i] = in.readUnsignedShort();
          second[i] = in.readUnsignedShort();
          break;
        case METHOD_HANDLE:
          in.readUnsignedByte(); // reference kind
          first[i] = in.readUnsignedShort();
          break;
        default:
          throw new IOException("unknown constant pool tag " + tag + " at index " + i);
      }
    }

    in.readUnsignedShort(); // access flags
    int thisClass = in.readUnsignedShort();
    ClassFileReferences refs = new ClassFileReferences(utf8[first[thisClass]], major);

    for (int i = 1; i < count; i++) {
      switch (tags[i]) {
        case CLASS:
          refs.classes.add(elementType(utf8[first[i]]));
          break;
        case FIELDREF:
        case METHODREF:
        case INTERFACE_METHODREF:
          int nameAndType = second[i];
          String descriptor = utf8[second[nameAndType]];
          refs.members.add(
              new MemberRef(utf8[first[first[i]]], utf8[first[nameAndType]], descriptor));
          refs.descriptors.add(descriptor);
          break;
        case NAME_AND_TYPE:
          refs.descriptors.add(utf8[second[i]]);
          break;
        case METHOD_TYPE:
          refs.descriptors.add(utf8[first[i]]);
          break;
        default:
          break;
      }
    }

    in.readUnsignedShort(); // super class (a CLASS entry, already collected)
    int interfaces = in.readUnsignedShort();
    for (int i = 0; i < interfaces; i++) {
      in.readUnsignedShort();
    }
    for (int kind = 0; kind < 2; kind++) { // fields, then methods: the same layout
      int members = in.readUnsignedShort();
      for (int m = 0; m < members; m++) {
        in.readUnsignedShort(); // access flags
        in.readUnsignedShort(); // name
        refs.descriptors.add(utf8[in.readUnsignedShort()]);
        int attributes = in.readUnsignedShort();
        for (int a = 0; a < attributes; a++) {
          in.readUnsignedShort(); // attribute name
          int length = in.readInt();
          if (in.skipBytes(length) != length) {
            throw new IOException("truncated attribute");
          }
        }
      }
    }
    return refs;
  }

  /** {@code [[Ljava/lang/String;} → {@code java/lang/String}; primitive arrays stay as they are. */
  private static String elementType(String name) {
    int dims = 0;
    while (dims < name.length() && name.charAt(dims) == '[') {
      dims++;
    }
    if (dims > 0 && name.charAt(dims) == 'L' && name.endsWith(";")) {
      return name.substring(dims + 1, name.length() - 1);
    }
    return name;
  }

  /** The class names inside a field or method descriptor, e.g. {@code (Ljava/a/B;[I)V} → a/B. */
  static List<String> typesIn(String descriptor) {
    List<String> types = new ArrayList<String>();
    int at = descriptor.indexOf('L');
    while (at >= 0) {
      int end = descriptor.indexOf(';', at);
      if (end < 0) {
        break;
      }
      types.add(descriptor.substring(at + 1, end));
      at = descriptor.indexOf('L', end);
    }
    return Collections.unmodifiableList(types);
  }
}
